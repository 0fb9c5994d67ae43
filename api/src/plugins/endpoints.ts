import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { isOperatorEndpoint, wholeNumber } from '@meridian/contracts';
import type { Endpoint, EndpointSpec } from '@meridian/contracts';
import { envelope, validationIssues } from '@meridian/contracts/schemas';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler of `E` gets: params, query and body as the endpoint's schemas parsed them. */
type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: Infer<E['params']>;
  Querystring: Infer<E['query']>;
  Body: Infer<E['body']>;
}>;

/** What a handler answers: the envelope (`ok(…)`, or a replayed answer), or for a `raw` endpoint what it sends. */
type EndpointAnswer<E extends EndpointSpec> = E['raw'] extends string
  ? unknown
  : { code: string; message: string; result: z.input<NonNullable<E['result']>> | null };

export type EndpointHandler<E extends EndpointSpec> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>;

export interface RouteExtras {
  /** Route config besides the roles, which come from the declaration (e.g. a rate limit). */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** A route whose answers another policy governs (an image the browser may cache). */
  onRequest?: RouteShorthandOptions['onRequest'];
  preHandler?: RouteShorthandOptions['preHandler'];
}

/** Where the refusal body of a status carries nothing for the client to act on. */
const nothing = z.null();
/**
 * A 400 carries the invalid fields (`issues`), the one field of a review decision that did not fit
 * (`field`), or nothing.
 */
const invalidBody = envelope(z.looseObject({ issues: validationIssues.shape.issues.optional(), field: z.string().nullable().optional() }));

/**
 * The answers an endpoint can give, from its declaration: 200 with its result, 400 for input the
 * schemas or the input guard refuse, 401/403 from who may call it, 409 and others it declares, 422 and
 * 503 for an idempotent call (a key reused with other parameters; a transaction that kept meeting
 * deadlocks), 429 when it is limited.
 */
function responsesOf(endpoint: EndpointSpec): Record<number, z.ZodType | object> {
  const responses: Record<number, z.ZodType | object> = {};
  if (endpoint.raw) responses[200] = { description: `The file (${endpoint.raw})`, content: { [endpoint.raw]: { schema: z.string() } } };
  else responses[200] = envelope(endpoint.result ?? nothing);
  responses[400] = invalidBody;
  if (endpoint.callers !== 'anonymous' && endpoint.callers !== 'operator-public') responses[401] = envelope(nothing);
  if (Array.isArray(endpoint.callers)) responses[403] = envelope(nothing);
  if (endpoint.idempotent) {
    responses[422] = envelope(nothing);
    responses[503] = envelope(nothing);
  }
  if (endpoint.limited) responses[429] = envelope(nothing);
  for (const [status, result] of Object.entries(endpoint.refusals ?? {})) responses[wholeNumber(status)] = envelope(result);
  return responses;
}

/** The OpenAPI security requirement of who may call it. */
function securityOf(endpoint: EndpointSpec): Record<string, string[]>[] {
  if (endpoint.callers === 'anonymous' || endpoint.callers === 'operator-public') return [];
  return [isOperatorEndpoint(endpoint) ? { operatorBearer: [] } : { customerToken: [] }];
}

/**
 * Registers the route of a declared endpoint: method, path, schemas, answers, operation id, summary,
 * security and (for operators) the roles the gate checks all come from the declaration; the handler only
 * parses what is left, authorizes, calls a service and answers.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const roles = endpoint.callers === 'operator-public' ? 'public' : Array.isArray(endpoint.callers) ? endpoint.callers : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.domain],
      security: securityOf(endpoint),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyHeaders } : {}),
      response: responsesOf(endpoint),
    },
    config: { ...extras.config, ...(roles ? { roles } : {}) },
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * The `Idempotency-Key` header of a money-moving call, for the document only: it is optional here so that
 * a call without one reaches the idempotency check and gets its coded refusal (10102), not a schema 400.
 */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'One per submit (8–128 of A–Z a–z 0–9 - _), the same when the submit is sent again' }),
});
