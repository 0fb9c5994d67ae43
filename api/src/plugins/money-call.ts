import type { FastifyReply, FastifyRequest } from 'fastify';
import { MODE_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { ApiFailure } from './envelope.ts';
import { idempotent, replayAnswered } from './idempotency.ts';
import { authOf, modeOf } from './user-auth.ts';

/** The account a call acts on: the user's stored mode (a `virtually` header naming the other one is refused); only an active user. */
export async function callerMode(request: FastifyRequest): Promise<AccountModeName> {
  const auth = authOf(request);
  if (auth.status !== 'active') throw new ApiFailure('401', 'login required', 401);
  return modeOf(request, auth.accountMode as AccountModeName);
}

export interface MoneyCallOptions {
  /** The success code the answer carries (`SUCCESS_CODES`: 20002 for a deposit …); `200` otherwise. */
  successCode?: string;
  /** The work locks several owners (`lockOwners`): the caller's own account is not locked first (`idempotent`). */
  severalOwners?: boolean;
}

/**
 * The money calls of a route plugin: the stored mode (or the first answer replayed), the work once per
 * `Idempotency-Key` (`idempotent`), then `afterSuccess` (the new figures, say). A call from a window that
 * names the other mode is refused (10110) unless its key was answered already: a retry whose first answer
 * was lost gets that answer again, never a refusal that could lead the user to send it twice. The stored
 * answer is looked up only on a refusal, so the ordinary call pays nothing for it.
 */
export function moneyCalls(db: Database, now: () => number, afterSuccess?: (userId: string, mode: AccountModeName) => void) {
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Transaction, userId: string, mode: AccountModeName) => Promise<T>,
    options: MoneyCallOptions = {},
  ) => {
    const { userId } = authOf(request);
    let mode: AccountModeName;
    try {
      mode = await callerMode(request);
    } catch (error) {
      if (error instanceof ApiFailure && error.code === MODE_CODES.accountModeChanged) {
        const replayed = await replayAnswered(db, request, reply, now);
        if (replayed) return replayed;
      }
      throw error;
    }
    const answer = await idempotent(db, request, reply, mode, (tx) => work(tx, userId, mode), now, options);
    if (answer.code === (options.successCode ?? '200')) afterSuccess?.(userId, mode);
    return answer;
  };
}
