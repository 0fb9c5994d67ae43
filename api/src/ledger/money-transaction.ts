import type { Database, Transaction } from '../db/database.ts';
import { ApiFailure } from '../plugins/envelope.ts';

/** PostgreSQL's answers that mean "run the whole transaction again": a deadlock, a serialization failure. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/** How many times a money transaction runs at most before the caller is asked to try again later. */
const MONEY_TRANSACTION_ATTEMPTS = 8;

/** The SQLSTATE of a driver error, also when drizzle wraps it (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True when the error is a deadlock or a serialization failure: the transaction may simply run again. */
export const isRetryable = (error: unknown): boolean => RETRYABLE_SQLSTATES.has(sqlStateOf(error) ?? '');

export interface MoneyTransactionOptions {
  attempts?: number;
  /** Waits between attempts (tests pass one that does not wait). */
  wait?: (ms: number) => Promise<void>;
  /** Called before each new attempt, with the error that ended the last one. */
  onRetry?: (attempt: number, error: unknown) => void;
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one transaction and runs the whole of it again, a bounded number of times, when the
 * database ends it with a deadlock (40P01) or a serialization failure (40001). `fn` must therefore do
 * nothing outside the transaction that it cannot repeat. When every attempt failed that way the caller
 * is answered "try again in a moment" (a coded 503), never a 500. Every money path runs in one of these,
 * with its owners locked first (`Ledger.lockOwners`, in id order).
 */
export async function withMoneyTransaction<T>(
  db: Database,
  fn: (tx: Transaction) => Promise<T>,
  options: MoneyTransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? MONEY_TRANSACTION_ATTEMPTS;
  const wait = options.wait ?? defaultWait;
  for (let attempt = 1; ; attempt++) {
    try {
      return await (db.transaction as (work: (tx: Transaction) => Promise<T>) => Promise<T>)(fn);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= attempts) {
        throw new ApiFailure('429', `the money transaction met ${sqlStateOf(error)} ${attempts} times; try again`, 503, 1);
      }
      options.onRetry?.(attempt, error);
      // Jittered, growing pause, so the two sides of a deadlock do not meet again at once.
      await wait(Math.random() * 5 * 2 ** Math.min(attempt, 6));
    }
  }
}
