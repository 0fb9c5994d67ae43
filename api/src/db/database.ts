import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;
/** The handle a `db.transaction(…)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The driver client, so another part (the registry) can keep its own schema in the same database. */
  client: PGlite | pg.Pool;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory (`.data/db` by default); `memory://` keeps it in memory (tests). */
  dataDir?: string;
}

const migrationsFolder = join(import.meta.dirname, '..', '..', 'drizzle');

/** Opens the database (PGlite by default, PostgreSQL when a URL is given) and applies the migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (a restart, a dropped database) is replaced, not a crash.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder, migrationsTable: 'api_migrations' });
    return { db, kind: 'postgres', client: pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? join(process.cwd(), '.data', 'db');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder, migrationsTable: 'api_migrations' });
  return { db, kind: 'pglite', client, close: () => client.close() };
}
