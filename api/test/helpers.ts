import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../src/app.ts';
import type { ApiOptions } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { checkLedger } from '../src/ledger/ledger-check.ts';

/** The database the API suite runs on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A database of its own on the test PostgreSQL server (dropped by `drop`): for suites whose scripted
 * prices and clocks must not meet other suites' markets in the shared test database.
 */
export async function ownPostgres(shared: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_own_${randomUUID().slice(0, 8)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export async function createTestApi(
  overrides: Partial<Omit<ApiOptions, 'db'>> = {},
  { ownDatabase = false }: { ownDatabase?: boolean } = {},
): Promise<{ app: FastifyInstance; database: DatabaseHandle; close: () => Promise<void> }> {
  const own = ownDatabase && process.env.TEST_DATABASE_URL ? await ownPostgres(process.env.TEST_DATABASE_URL) : null;
  const database = await openDatabase({ url: own?.url ?? process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  await seedDatabase(database.db);
  const app = await buildApi({
    db: database.db,
    marketSeed: 42,
    // A whole catalogue's tick is real work: tests that need fast ticks ask for them.
    liveTickMs: 1000,
    liveFrameMs: 1000,
    operatorToken: OPERATOR_TOKEN,
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'meridian-outbox-')) },
    devOutbox: true,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    // Every suite ends with the ledger check: balances rebuilt from the transfers, each currency summing to zero.
    close: async () => {
      await app.close();
      const check = await checkLedger(database.db);
      await database.close();
      await own?.drop();
      if (!check.ok) throw new Error(`ledger check failed: ${JSON.stringify(check)}`);
    },
  };
}

/**
 * Fresh client addresses under a /16 (`10.77`), one per call: per-address limits never add up across
 * the calls of a file.
 */
export function addressesIn(prefix: string): () => string {
  let ip = 1;
  return () => `${prefix}.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
}

/** Smallest valid PNG (1×1) and JPEG headers, for upload tests. */
export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
  'hex',
);

/** A multipart body with one file field, as a browser sends it. */
export function multipartFile(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----meridian' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
