import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUCCESS_CODE } from '@meridian/contracts';

/** A failure with a stable SPEC §7 code, answered in the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 200,
    /** Seconds until a refused (429) call may be tried again. */
    readonly retryAfter?: number,
    /** What the client needs to recover (e.g. the account mode in use); null by default. */
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

export function ok<T>(result: T) {
  return { code: SUCCESS_CODE, message: 'success', result };
}

/** Every error leaves as `{ code, message, result: null }` with a stable code. */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiFailure, request, reply) => {
    if (error instanceof ApiFailure) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      const result = error.code === '400' ? { issues: [{ path: '', key: error.message }] } : error.result;
      return reply.status(error.httpStatus).send({ code: error.code, message: error.message, result });
    }
    const validation = (error as FastifyError).validation;
    if (validation) {
      // Schema messages are translation keys (contracts/validation.ts): the client shows them as they are.
      const issues = validation.map((v) => ({
        path:
          (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') ||
          String((v.params as { missingProperty?: string })?.missingProperty ?? ''),
        key: v.message?.startsWith('validation.') ? v.message : 'validation.invalid',
      }));
      return reply.status(400).send({ code: '400', message: issues[0]?.key ?? 'validation.invalid', result: { issues } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ code: '429', message: 'too many requests', result: null });
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ code: String(status), message: status >= 500 ? 'unknown error' : error.message, result: null });
  });
}

/** What the router refuses before any route runs (`frameworkErrors`), with its status. */
const FRAMEWORK_STATUS: Record<string, number> = {
  FST_ERR_BAD_URL: 400,
  FST_ERR_MAX_PARAM_LENGTH: 414,
  FST_ERR_ASYNC_CONSTRAINT: 400,
};

/**
 * The Fastify `frameworkErrors` option: a malformed URL (`/api/%`) or a path parameter longer than
 * `maxParamLength` is answered in the envelope like any refused input, not in Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = FRAMEWORK_STATUS[error.code] ?? error.statusCode ?? 400;
  const key = 'validation.invalid';
  void reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ code: String(status), message: key, result: { issues: [{ path: '', key }] } });
}

/** The 404 envelope for an unknown API path. */
export function notFoundBody(method: string, url: string) {
  return { code: '404', message: `no route ${method} ${url.split('?')[0]}`, result: null };
}
