import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MONEY_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@meridian/contracts/schemas';
import type { Database, Transaction } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import { coverSavepoint } from '../ledger/owner-locks.ts';
import { ApiFailure, ok } from './envelope.ts';
import { authOf, holdStoredMode } from './user-auth.ts';

/** Keys are kept for 24 hours; after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** What was answered, as sent. */
interface Answer<T = unknown> {
  statusCode: number;
  body: { code: string; message: string; result: T | null };
}

/** Canonical JSON (sorted keys), so the same parameters in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const ACCOUNT_MODES: readonly AccountModeName[] = ['demo', 'real'];

/** What tells two requests apart: method, route, params, the account mode acted on, body. */
function hashOf(request: FastifyRequest, mode: AccountModeName): string {
  return createHash('sha256')
    .update(
      canonical({
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        scope: mode,
        body: request.body ?? null,
      }),
    )
    .digest('hex');
}

/** A retry of the call a key was first used for, in whichever mode that call acted (the user may have switched since). */
const sameRequest = (storedHash: string, request: FastifyRequest) => ACCOUNT_MODES.some((mode) => hashOf(request, mode) === storedHash);

/**
 * Before the account mode is checked: the answer already given to this key, when the same call was answered
 * under it, sent again as it was. A retry whose first answer was lost is never refused because the user
 * switched the account in the meantime (10110), which could lead them to place it a second time.
 */
export async function replayAnswered(db: Database, request: FastifyRequest, reply: FastifyReply, now: () => number = Date.now) {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) return null;
  const { userId } = authOf(request);
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
  if (!first || first.statusCode === 0 || first.createdAt.getTime() < now() - IDEMPOTENCY_TTL_MS) return null;
  if (!sameRequest(first.requestHash, request)) return null;
  void reply.header('Idempotent-Replayed', 'true');
  void reply.status(first.statusCode);
  return JSON.parse(first.response) as Answer<never>['body'];
}

/**
 * Runs a money-moving call once per `Idempotency-Key` (per user, 24 h). The key's row, the business
 * change and the answer are written in one transaction:
 *  - a retry with the same key and parameters gets the first answer again (also a refusal such as
 *    10011, so a retry never turns a refused order into a placed one behind the user's back);
 *  - the same key with other parameters (method, path, account mode acted on, body) is refused with 10101;
 *  - two requests with one key at once: the second waits for the first's row and replays its answer.
 * A call without a well-formed key is refused with 10102 before anything happens.
 */
export async function idempotent<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  /**
   * The account mode the call acts on (it also tells two requests apart). It must still be the user's stored
   * mode when the work runs: read `FOR SHARE` first in the transaction, so a switchMode committed after the
   * request was authenticated is refused (10110) and one arriving meanwhile waits for the call to commit.
   */
  mode: AccountModeName,
  work: (tx: Transaction) => Promise<T>,
  now: () => number = Date.now,
  /** The work locks several owners (`lockOwners`): the caller's own account is not locked first. */
  { severalOwners = false }: { severalOwners?: boolean } = {},
): Promise<Answer<T>['body']> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof header === 'string' ? header : undefined;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiFailure(
      MONEY_CODES.idempotencyKeyMissing,
      'a money-moving call needs an Idempotency-Key header (8-128 of A-Z a-z 0-9 - _)',
      400,
    );
  }
  const { userId } = authOf(request);
  const requestHash = hashOf(request, mode);
  // A deadlock or serialization failure runs the whole of it again (key claim included), never a 500.
  const answer = await withMoneyTransaction(db, async (tx): Promise<Answer<T> | { replay: Answer<T> }> => {
    await holdStoredMode(tx, userId, mode, { lockOwner: !severalOwners });
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    // A new key, or one older than 24 h, is claimed for this request; a live one is left as it is.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, statusCode: 0, response: '', createdAt: new Date(now()) })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, statusCode: 0, response: '', createdAt: new Date(now()) },
        setWhere: lt(idempotencyKeys.createdAt, new Date(now() - IDEMPOTENCY_TTL_MS)),
      })
      .returning();
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(mine);
      if (!first) throw new ApiFailure('500', 'idempotency key vanished', 500);
      if (!sameRequest(first.requestHash, request)) {
        throw new ApiFailure(MONEY_CODES.idempotencyKeyReused, 'this Idempotency-Key was used with other parameters', 422);
      }
      return { replay: { statusCode: first.statusCode, body: JSON.parse(first.response) as Answer<T>['body'] } };
    }
    let result: Answer<T>;
    try {
      // A savepoint: a refusal undoes the work but keeps the key and its answer.
      const value = await tx.transaction((inner) => {
        coverSavepoint(tx, inner); // the owner locked above stays locked in it
        return work(inner);
      });
      result = { statusCode: 200, body: ok(value) };
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.httpStatus >= 500) throw error;
      result = { statusCode: error.httpStatus, body: { code: error.code, message: error.message, result: null } };
    }
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.statusCode, response: JSON.stringify(result.body) })
      .where(mine);
    return result;
  });
  if ('replay' in answer) {
    void reply.header('Idempotent-Replayed', 'true');
    void reply.status(answer.replay.statusCode);
    return answer.replay.body;
  }
  void reply.status(answer.statusCode);
  return answer.body;
}
