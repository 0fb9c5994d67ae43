import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from './envelope.ts';

/**
 * Until operator accounts exist (the accounts issue), the admin API accepts one operator token from
 * `MERIDIAN_ADMIN_TOKEN`; without it every admin call answers 401. Sent as `Authorization: Bearer …`.
 */
export function operatorGuard(token: string | undefined) {
  const expected = token ? createHash('sha256').update(token).digest() : null;
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const digest = createHash('sha256').update(given).digest();
    if (!expected || !given || !timingSafeEqual(digest, expected)) throw new ApiFailure('401', 'operator authorization required', 401);
  };
}
