import type { FastifyRequest } from 'fastify';
import type { AccountModeName } from '@meridian/contracts';
import { authenticate } from '../accounts/sessions.ts';
import type { Authenticated } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';
import { ApiFailure } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

/** A preHandler that admits only a valid access token (`Authorization`), else 401 (SPEC §6). */
export function userGuard(db: Database) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const auth = await authenticate(db, typeof header === 'string' ? header : undefined);
    if (!auth) throw new ApiFailure('401', 'login required', 401);
    request.auth = auth;
  };
}

/** The signed-in user of a guarded route. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new ApiFailure('401', 'login required', 401);
  return request.auth;
}

/** The account mode a request is about: the `virtually` header (NO = demo, YES = real). */
export function modeOf(request: FastifyRequest, fallback: AccountModeName): AccountModeName {
  const header = request.headers.virtually;
  if (header === 'NO') return 'demo';
  if (header === 'YES') return 'real';
  return fallback;
}
