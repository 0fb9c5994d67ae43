import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MONEY_CODES, SUCCESS_CODE } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@meridian/contracts/schemas';
import type { Database, Transaction } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
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
  if (!first || first.createdAt.getTime() < now() - IDEMPOTENCY_TTL_MS) return null;
  if (!sameRequest(first.requestHash, request)) return null;
  void reply.header('Idempotent-Replayed', 'true');
  void reply.status(first.statusCode);
  return JSON.parse(first.response) as Answer<never>['body'];
}

/**
 * Runs a money-moving call once per `Idempotency-Key` (per user, 24 h). The business change and the answer
 * are written in one transaction (a refusal's answer alone, after its work was rolled back):
 *  - a retry with the same key and parameters gets the first answer again (also a refusal such as
 *    10011, so a retry never turns a refused order into a placed one behind the user's back);
 *  - the same key with other parameters (method, path, account mode acted on, body) is refused with 10101;
 *  - two requests with one key at once: the second waits for the first (the owner's lock, the key's row), its
 *    own work is rolled back, and it replays the first's answer.
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
  /**
   * `severalOwners`: the work locks several owners (`lockOwners`), so the caller's own account is not
   * locked first. `successCode`: the code a success answers (a SPEC §7 success code such as 20002), `200`
   * otherwise.
   */
  { severalOwners = false, successCode = SUCCESS_CODE }: { severalOwners?: boolean; successCode?: string } = {},
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
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  /**
   * Stores `result` as the key's answer, in the caller's transaction: a new key, or one older than 24 h, takes
   * it; a live one is left as it is (false). A request with the same key still running holds the key's unique
   * entry until it ends, so this waits for it and then sees its answer.
   */
  const store = async (tx: Transaction, result: Answer<T>): Promise<boolean> => {
    const values = { requestHash, statusCode: result.statusCode, response: JSON.stringify(result.body), createdAt: new Date(now()) };
    const stored = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, ...values })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: values,
        setWhere: lt(idempotencyKeys.createdAt, new Date(now() - IDEMPOTENCY_TTL_MS)),
      })
      .returning();
    return stored.length > 0;
  };
  /** The key's stored answer, if it is not older than 24 h. */
  const liveAnswer = async () => {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    return first && first.createdAt.getTime() >= now() - IDEMPOTENCY_TTL_MS ? first : null;
  };
  // A deadlock or serialization failure runs the whole of it again, never a 500. The work runs first and
  // its answer is stored last, in the same transaction (one statement, not a claim and then the answer):
  // when the key already has a live answer (a retry, or a duplicate that got there first) the work is
  // rolled back and that answer is sent again. The owner's lock, taken first, queues a duplicate of the
  // same user behind the first, so it finds the answer stored once it may start.
  const attempt = await withMoneyTransaction(db, async (tx): Promise<Answer<T> | typeof ANSWERED | Refused> => {
    await holdStoredMode(tx, userId, mode, { lockOwner: !severalOwners });
    let result: Answer<T>;
    try {
      result = { statusCode: 200, body: { ...ok(await work(tx)), code: successCode } };
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.httpStatus >= 500) throw error;
      // A refusal undoes the work: the transaction rolls back, and the refusal is stored on its own below,
      // with what it tells the client to recover (a loan's range, what is owed); a refusal answered with
      // HTTP 200 keeps `result: null`, so it never has to fit the call's success schema.
      throw new Refused({
        statusCode: error.httpStatus,
        body: { code: error.code, message: error.message, result: (error.httpStatus >= 400 ? (error.result ?? null) : null) as T | null },
      });
    }
    if (!(await store(tx, result))) throw new AlreadyAnswered();
    return result;
  }).catch(async (error: unknown) => {
    if (error instanceof AlreadyAnswered) return ANSWERED;
    if (error instanceof Refused) return error;
    // A retry of an answered key runs the work again before it finds the answer: when that run fails
    // otherwise (a 500, deadlocks every time), the stored answer is still the answer.
    if (await liveAnswer()) return ANSWERED;
    throw error;
  });
  // The refusal is the key's answer too (a retry never turns a refused order into a placed one).
  const answer =
    attempt instanceof Refused
      ? await withMoneyTransaction(db, async (tx) =>
          (await store(tx, attempt.answer as Answer<T>)) ? (attempt.answer as Answer<T>) : ANSWERED,
        )
      : attempt;
  if (answer === ANSWERED) {
    const first = await liveAnswer();
    if (!first) throw new ApiFailure('500', 'idempotency key vanished', 500);
    if (!sameRequest(first.requestHash, request)) {
      throw new ApiFailure(MONEY_CODES.idempotencyKeyReused, 'this Idempotency-Key was used with other parameters', 422);
    }
    void reply.header('Idempotent-Replayed', 'true');
    void reply.status(first.statusCode);
    return JSON.parse(first.response) as Answer<T>['body'];
  }
  void reply.status(answer.statusCode);
  return answer.body;
}

/** The key already has a live answer: the transaction that found it rolls back. */
class AlreadyAnswered extends Error {}
const ANSWERED = Symbol('answered');

/** The work was refused (an ApiFailure below 500): its transaction rolls back, the answer is kept. */
class Refused extends Error {
  constructor(readonly answer: Answer) {
    super('refused');
  }
}
