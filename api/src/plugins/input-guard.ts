import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiFailure } from './envelope.ts';

/** Deeper than any body the API takes: a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

/** Whether a value (or any key or string inside it) carries a NUL character. */
function carriesNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Binary bodies (a file's bytes) are not text: they are checked by what reads them.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => carriesNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || carriesNul(v, depth + 1)) return true;
  return false;
}

/**
 * No text the API stores or searches may hold a NUL (`\u0000`): PostgreSQL refuses it in text, which
 * would surface as a 500. Any path parameter, query value or JSON body carrying one is refused up
 * front with the ordinary 400 envelope, before a route's own validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (carriesNul(request.params) || carriesNul(request.query) || carriesNul(request.body))
      throw new ApiFailure('400', 'validation.invalid', 400);
  });
}
