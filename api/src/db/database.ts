import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { withCommitHooks } from './commit-hooks.ts';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;
/** The handle a `db.transaction(…)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseEngine = 'pglite' | 'postgres';

/** Which engine a database runs on (for the few statements whose best shape differs between the two). */
export const databaseEngine = (db: Database): DatabaseEngine => (db.$client instanceof PGlite ? 'pglite' : 'postgres');

/** The rows of a raw `execute` (`{ rows }` on both drivers; a bare array is taken as the rows). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseEngine;
  /** The driver client, so another part (the registry) can keep its own schema in the same database. */
  client: PGlite | pg.Pool;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory (`.data/db` by default); `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /**
   * Fail loudly when `db` is used where one of its transactions is open (`guardTransactions`). On by
   * default outside production (tests, development); `MERIDIAN_DB_GUARD=0` turns it off, `1` on.
   */
  guard?: boolean;
}

/** Marks the code running inside a `db.transaction(…)` callback (and everything it awaits). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** What reaches the database through `db` itself (a transaction's own handle `tx` is not guarded). */
const GUARDED = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'with',
  '$count',
  'query',
  'refreshMaterializedView',
  'transaction',
]);

/** True inside an open `db.transaction(…)` callback of a guarded database. */
export const inOpenTransaction = (): boolean => openTransaction.getStore()?.open === true;

/** Thrown when `db` is used inside its own open transaction (on PGlite that call would wait forever). */
export class DatabaseUsedInTransaction extends Error {
  constructor(what: string) {
    super(`db.${what} was used inside an open transaction: pass the transaction (tx) instead (on PGlite this waits forever)`);
  }
}

/**
 * Wraps a database so that using it inside one of its own open transactions throws at once. PGlite has
 * one connection: a read through `db` while a transaction is open waits for that transaction, which is
 * waiting for the read — forever. On PostgreSQL it takes a second connection and sees another snapshot.
 * An AsyncLocalStorage marks every `db.transaction(…)` callback; a call on `db` within it is refused.
 */
function guardTransactions<T extends Database>(db: T): T {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !GUARDED.has(prop)) return value;
      if (openTransaction.getStore()?.open) throw new DatabaseUsedInTransaction(prop);
      if (prop !== 'transaction' || typeof value !== 'function') return value;
      return (fn: (tx: Transaction) => Promise<unknown>, config?: unknown) =>
        (value as (fn: (tx: Transaction) => Promise<unknown>, config?: unknown) => Promise<unknown>).call(
          target,
          (tx: Transaction) => {
            // Work the callback starts and leaves running (a timer, a push) may use `db` once it ended.
            const mark = { open: true };
            return openTransaction
              .run(mark, () => fn(tx))
              .finally(() => {
                mark.open = false;
              });
          },
          config,
        );
    },
  });
}

const guardWanted = (options: DatabaseOptions): boolean =>
  options.guard ?? (process.env.MERIDIAN_DB_GUARD ? process.env.MERIDIAN_DB_GUARD === '1' : process.env.NODE_ENV !== 'production');

const guarded = <T extends Database>(db: T, options: DatabaseOptions): T => (guardWanted(options) ? guardTransactions(db) : db);

const migrationsFolder = join(import.meta.dirname, '..', '..', 'drizzle');

/** Opens the database (PGlite by default, PostgreSQL when a URL is given) and applies the migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (a restart, a dropped database) is replaced, not a crash.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder, migrationsTable: 'api_migrations' });
    return { db: guarded(withCommitHooks(db), options), kind: 'postgres', client: pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? join(process.cwd(), '.data', 'db');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder, migrationsTable: 'api_migrations' });
  return { db: guarded(withCommitHooks(db), options), kind: 'pglite', client, close: () => client.close() };
}
