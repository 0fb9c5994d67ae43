import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OperatorRole } from '@meridian/contracts';
import { buildApi } from '../src/app.ts';
import type { ApiOptions } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { Ledger } from '../src/ledger/ledger.ts';
import { checkLedger } from '../src/ledger/ledger-check.ts';
import { connectRedis, createRedis } from '../src/redis.ts';
import { OPERATOR_TOKEN, createTestApi, ownPostgres } from './helpers.ts';
import { makeOperator } from './operators/operator-helpers.ts';
import type { TestOperator } from './operators/operator-helpers.ts';

/*
 * The suite's fixtures as vitest hooks: called at the top of a file (or of a describe block), each
 * registers its beforeAll and afterAll and returns a handle that reads the object the beforeAll made,
 * so the handle is used inside tests and later hooks only. Kept apart from helpers.ts, which processes
 * outside vitest (the fault servers, the benches) import too.
 */

type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * An object a beforeAll makes: `handle` forwards every property read to it (and fails clearly when
 * read before the beforeAll ran), `current` is what the afterAll cleans up, if anything.
 */
export function late<T extends object>(what: string): { handle: T; set(value: T): void; current(): T | undefined } {
  let value: T | undefined;
  const handle = new Proxy({} as T, {
    get: (_target, key) => {
      if (value === undefined) throw new Error(`${what} is read before its beforeAll ran`);
      const field: unknown = Reflect.get(value, key);
      return typeof field === 'function' ? (field as (...args: unknown[]) => unknown).bind(value) : field;
    },
  });
  return { handle, set: (next) => void (value = next), current: () => value };
}

interface TestApiOptions {
  /** A PostgreSQL database of its own (see createTestApi). */
  ownDatabase?: boolean;
  /** Listens on a free loopback port (for live connections and raw HTTP). */
  listen?: boolean;
  /** The beforeAll's timeout, where building is slower than the default allows. */
  timeout?: number;
}

/** A test API (createTestApi) built before the tests and closed, with its ledger check, after them. */
export function withTestApi(
  overrides: Partial<Omit<ApiOptions, 'db'>> = {},
  { ownDatabase = false, listen = false, timeout }: TestApiOptions = {},
): TestApi {
  const api = late<TestApi>('the test API');
  beforeAll(async () => {
    const built = await createTestApi(overrides, { ownDatabase });
    api.set(built);
    if (listen) await built.app.listen({ port: 0, host: '127.0.0.1' });
  }, timeout);
  afterAll(async () => api.current()?.close());
  return api.handle;
}

/** An operator with these roles, made and signed in on the API once it is built (see makeOperator). */
export function withOperator(api: TestApi, roles: OperatorRole[]): TestOperator {
  const operator = late<TestOperator>(`the ${roles.join('+')} operator`);
  beforeAll(async () => {
    operator.set(await makeOperator(api.app, api.database.db, roles));
  });
  return operator.handle;
}

/**
 * Two API nodes on one database, each with a Redis connection of its own for the abuse limits
 * (`first` a test API, `second` a plain node): what one node counts, the other sees.
 */
export function withRedisNodes(redisUrl: string, { timeout }: { timeout?: number } = {}): { first: TestApi; second: FastifyInstance } {
  const clients = [createRedis(redisUrl), createRedis(redisUrl)] as const;
  const nodes = late<{ first: TestApi; second: FastifyInstance }>('the two nodes');
  beforeAll(async () => {
    await connectRedis(...clients);
    const first = await createTestApi({ limitsRedis: clients[0] });
    const second = await buildApi({ db: first.database.db, operatorToken: OPERATOR_TOKEN, limitsRedis: clients[1] });
    nodes.set({ first, second });
    await second.ready();
  }, timeout);
  afterAll(async () => {
    await nodes.current()?.second.close();
    await nodes.current()?.first.close();
    for (const c of clients) c.disconnect();
  });
  return nodes.handle;
}

interface OwnDatabaseOptions {
  /** Seeds it as the API does on start (settings, content, catalogue). */
  seed?: boolean;
  /** Opens the platform's ledger accounts of every currency. */
  systemAccounts?: boolean;
  /** Ends with the ledger check: balances rebuilt from the transfers, each currency summing to zero. */
  ledgerCheck?: boolean;
}

/**
 * A database of the file's own, without an API: PGlite in memory, or a PostgreSQL database of its own
 * (dropped after the tests) when TEST_DATABASE_URL is set.
 */
export function withOwnDatabase({ seed = false, systemAccounts = false, ledgerCheck = false }: OwnDatabaseOptions = {}): DatabaseHandle {
  const database = late<DatabaseHandle>('the database');
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const own = process.env.TEST_DATABASE_URL ? await ownPostgres(process.env.TEST_DATABASE_URL) : null;
    drop = own?.drop;
    const opened = await openDatabase({ url: own?.url, dataDir: 'memory://' });
    database.set(opened);
    if (seed) await seedDatabase(opened.db);
    if (systemAccounts) await Ledger.of(opened.db).openSystemAccounts(opened.db);
  });
  afterAll(async () => {
    const opened = database.current();
    const check = ledgerCheck && opened ? await checkLedger(opened.db) : null;
    await opened?.close();
    await drop?.();
    if (check) expect(check).toMatchObject({ ok: true });
  });
  return database.handle;
}
