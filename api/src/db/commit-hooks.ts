import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Transaction } from './database.ts';

/** The outermost open transaction of the code running (and everything it awaits), with its after-commit work. */
interface OpenTransaction {
  open: boolean;
  hooks: (() => unknown)[];
}

const current = new AsyncLocalStorage<OpenTransaction>();

/**
 * Runs `hook` once what the code running has written is committed: at the end of the outermost
 * `db.transaction(…)` it runs in (awaited before that call returns, so before the caller answers), or at
 * once outside a transaction (the caller has awaited its write). A transaction that fails runs nothing.
 * A hook registered twice for the same thing costs twice; they are cheap (a cache generation bumped).
 */
export async function afterCommit(hook: () => unknown): Promise<void> {
  const store = current.getStore();
  if (store?.open) {
    store.hooks.push(hook);
    return;
  }
  await hook();
}

/** `afterCommit` for code that cannot await where it notes the change (a lock noted inside a transaction). */
export function afterCommitLater(hook: () => unknown, onError: (error: unknown) => void): void {
  afterCommit(hook).catch(onError);
}

/**
 * Wraps a database so that each outermost `db.transaction(…)` runs its `afterCommit` hooks once it has
 * committed, before it returns. Savepoints (`tx.transaction`) share their outer transaction's hooks: work
 * a savepoint rolled back may still run a hook, which only costs a needless refresh.
 */
export function withCommitHooks<T extends Database>(db: T): T {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'transaction' || typeof value !== 'function') return value;
      return async (fn: (tx: Transaction) => Promise<unknown>, config?: unknown) => {
        const store: OpenTransaction = { open: true, hooks: [] };
        const run = value as (fn: (tx: Transaction) => Promise<unknown>, config?: unknown) => Promise<unknown>;
        let result: unknown;
        try {
          result = await current.run(store, () => run.call(target, fn, config));
        } finally {
          store.open = false;
        }
        // Committed: a hook that fails must not make the caller believe the transaction did.
        for (const hook of store.hooks) {
          try {
            await hook();
          } catch (error) {
            process.emitWarning(`an after-commit hook failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        return result;
      };
    },
  });
}
