import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_CODES } from '@meridian/contracts';
import type { SessionResult } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { startSession } from './sessions.ts';
import { publicUserOf } from './users.ts';
import type { UserRow } from './users.ts';

/** Every way in ends here: an active account gets a session on this browser and the answer of SPEC §6. */
export async function signIn(db: Database, user: UserRow, request: FastifyRequest, reply: FastifyReply): Promise<SessionResult> {
  if (user.status !== 'active') throw new ApiFailure(ACCOUNT_CODES.statusAbnormal, 'account status abnormal');
  const session = await startSession(db, user.id, request, reply);
  return { token: session.token, expiresIn: session.expiresIn, user: publicUserOf(user) };
}
