import type { FastifyInstance } from 'fastify';
import { buildApi } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { MarketSimulator } from '../src/market/market-simulator.ts';

/** The database the API suite runs on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function createTestApi(): Promise<{ app: FastifyInstance; database: DatabaseHandle; close: () => Promise<void> }> {
  const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  await seedDatabase(database.db);
  const app = await buildApi({ db: database.db, feed: new MarketSimulator({ seed: 42 }), liveTickMs: 50 });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
