/**
 * One API process for the fault tests (api/test/faults) and their bench (bench/faults): the API as the site
 * runs it (`openDatabase` + `seedDatabase` + `buildApi`, listening on loopback) on a database that outlives the
 * process, so a test can SIGKILL it and start it again on the same data.
 *
 *   node --import tsx api/test/faults/fault-server.ts
 *
 * Environment: `FAULT_DATABASE_URL` (PostgreSQL) or `FAULT_DATA_DIR` (a PGlite folder); `FAULT_PORT` (0: any
 * free port); `FAULT_OUTBOX` (the dev outbox folder, kept across restarts). When it listens it writes one JSON
 * line `{"ready":{"port":…,"pid":…,"startMs":…}}` on stdout. It stops cleanly (closing the database) on SIGTERM.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApi } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { schedulePeriodicJob } from '../../src/jobs/daily-job.ts';
import { testAccrualJob } from '../jobs/test-accrual-job.ts';
import { connectRedis, createRedis } from '../../src/redis.ts';

// performance.now() counts from the process's start: this is the time to load the code.
const started = performance.now();
const url = process.env.FAULT_DATABASE_URL || undefined;
const dataDir = process.env.FAULT_DATA_DIR;
if (!url && !dataDir) throw new Error('fault-server: set FAULT_DATABASE_URL or FAULT_DATA_DIR');
const outboxDir = process.env.FAULT_OUTBOX;
if (!outboxDir) throw new Error('fault-server: set FAULT_OUTBOX');

const loaded = performance.now();
const database = await openDatabase(url ? { url } : { dataDir: dataDir! });
await seedDatabase(database.db);
const opened = performance.now();
// Nodes sharing a Redis (FAULT_REDIS_URL), as a deployment of several runs them: limits and users' read generations.
const limitsRedis = process.env.FAULT_REDIS_URL ? createRedis(process.env.FAULT_REDIS_URL) : undefined;
if (limitsRedis) await connectRedis(limitsRedis);
const app = await buildApi({
  ...(limitsRedis ? { limitsRedis } : {}),
  db: database.db,
  logger: false,
  marketSeed: 42,
  // Sign-ups and bursts from one address: the limits are not what these tests are about.
  rateLimits: false,
  // A hundred live clients on loopback are one address.
  liveSocketsPerAddress: 1000,
  mail: { outboxDir },
  devOutbox: true,
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.FAULT_PORT ?? 0) });
const { port } = app.server.address() as AddressInfo;
const ms = (from: number, to = performance.now()) => Math.round(to - from);
// Where the start goes: loading the code, opening (recovering) the database, building the API.
const phases = { loadMs: ms(0, started), openMs: ms(loaded, opened), buildMs: ms(opened) };
process.stdout.write(`${JSON.stringify({ ready: { port, pid: process.pid, startMs: ms(0), phases } })}\n`);

// The daily-job scenario (daily-job-two-nodes.test.ts): the test accrual job over `FAULT_JOB_USERS` from
// `FAULT_JOB_FROM`, looked at every 100 ms. `FAULT_JOB_HANG_AT=n`: this node's n-th claimed day is held open
// (its transfer written, not committed) until the process is killed. The job finds its references only once
// the file `FAULT_JOB_GO` exists (the test says when each node starts). Each claim is reported on stdout.
if (process.env.FAULT_JOB_USERS) {
  let claims = 0;
  const hangAt = Number(process.env.FAULT_JOB_HANG_AT ?? 0);
  const go = process.env.FAULT_JOB_GO ?? '';
  const accrual = testAccrualJob(database.db, {
    users: process.env.FAULT_JOB_USERS.split(','),
    from: Number(process.env.FAULT_JOB_FROM),
    during: async (reference, period) => {
      claims++;
      process.stdout.write(`${JSON.stringify({ claimed: { reference, day: period.day, n: claims } })}\n`);
      if (claims === hangAt) {
        process.stdout.write(`${JSON.stringify({ hanging: { reference, day: period.day } })}\n`);
        await new Promise(() => undefined);
      }
    },
  });
  const job = {
    ...accrual,
    references: async (db: typeof database.db, now: number) => (existsSync(go) ? accrual.references(db, now) : []),
  };
  schedulePeriodicJob(app.scheduler, database.db, job, 100);
}

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
