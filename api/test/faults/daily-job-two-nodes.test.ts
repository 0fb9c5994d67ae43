import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../src/accounts/users.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { Ledger } from '../../src/ledger/ledger.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { TEST_ACCRUAL, TEST_ACCRUAL_JOB } from '../jobs/test-accrual-job.ts';
import { FaultServer, postgresStore } from './fault-helpers.ts';
import type { FaultStore } from './fault-helpers.ts';

/**
 * Two API processes (fault-server.ts) on one PostgreSQL database run the daily test accrual job over three
 * missed days. One of them holds its fourth claimed day open (transfer written, not committed) and is
 * SIGKILLed while the other waits on that day's run key: the other does that day and every remaining one,
 * nothing is done twice, and the ledger check passes.
 */
const DAY = 24 * 3600_000;
const USERS = 5;
const HANG_AT = 4;

const stores: FaultStore[] = [];
const servers: FaultServer[] = [];
let database: DatabaseHandle | undefined;
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.close();
  for (const store of stores) await store.remove();
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Resolves when `check` answers true, looking every 50 ms (no fixed sleeps). */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a daily job on two API processes over three missed days', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'exactly three accruals per reference, each dated on its day; the node killed mid-run leaves its day to the other',
    async () => {
      const t0 = Date.now();
      const mark = (what: string) => console.log(`daily-job-two-nodes: ${what} at ${Date.now() - t0} ms`);
      const store = await postgresStore(process.env.TEST_DATABASE_URL!);
      stores.push(store);
      database = await openDatabase(store.open);
      const db = database.db;
      await seedDatabase(db);
      await Ledger.of(db).openSystemAccounts(db);
      const users: string[] = [];
      for (let i = 0; i < USERS; i++) users.push((await createUser(db, { email: `two-nodes-${i}@example.com`, passwordHash: null })).id);
      // The references count from three days before today (UTC): three whole days are due, today's is not.
      const today = Math.floor(Date.now() / DAY) * DAY;
      const from = today - 3 * DAY;
      const days = [0, 1, 2].map((d) => new Date(from + d * DAY).toISOString().slice(0, 10));
      const env = { FAULT_JOB_USERS: users.join(','), FAULT_JOB_FROM: String(from) };

      // Both nodes start; the first runs the job until it holds its fourth day open, then the second runs it too.
      const scratch = mkdtempSync(join(tmpdir(), 'meridian-daily-'));
      const go = (name: string) => join(scratch, name);
      const [killed, survivor] = await Promise.all([
        FaultServer.start(store, 0, 90_000, { ...env, FAULT_JOB_GO: go('first'), FAULT_JOB_HANG_AT: String(HANG_AT) }),
        FaultServer.start(store, 0, 90_000, { ...env, FAULT_JOB_GO: go('second') }),
      ]);
      servers.push(killed, survivor);
      mark('both nodes listen');
      writeFileSync(go('first'), '');
      const hanging = () => killed.messages.find((m) => 'hanging' in m)?.hanging as { reference: string; day: string } | undefined;
      await until(
        () => hanging() !== undefined,
        30_000,
        () => `the first node to hold a day open (${JSON.stringify(killed.messages)})`,
      );
      mark('first node holds a day');
      writeFileSync(go('second'), '');
      // The other node reaches that day's run key and waits on the open transaction's row.
      await until(
        async () =>
          rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          )[0]!.n > 0,
        30_000,
        'the second node to wait on the held day',
      );
      mark('second node waits');
      const held = hanging()!;
      await killed.kill();

      await until(
        async () =>
          rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from job_runs where job = ${TEST_ACCRUAL_JOB}`))[0]!.n ===
          USERS * 3,
        30_000,
        'every day of every reference to be done',
      );
      mark('all days done');
      await survivor.stop();

      // Exactly three accruals per reference, one per day, each dated on its own day.
      const transfers = rowsOf<{ reference_id: string; amount: string }>(
        await db.execute(
          sql`select reference_id, amount::text as amount from ledger_transfers where reference_kind = ${TEST_ACCRUAL_JOB} order by reference_id`,
        ),
      );
      expect(transfers).toHaveLength(USERS * 3);
      expect(new Set(transfers.map((t) => t.reference_id)).size).toBe(USERS * 3);
      for (const user of users) {
        expect(transfers.filter((t) => t.reference_id.startsWith(`${user}:`)).map((t) => t.reference_id.slice(user.length + 1))).toEqual(
          days,
        );
      }
      expect(transfers.every((t) => Number(t.amount) === Number(TEST_ACCRUAL))).toBe(true);
      const runs = rowsOf<{ reference: string; period: string }>(
        await db.execute(sql`select reference, period from job_runs where job = ${TEST_ACCRUAL_JOB}`),
      );
      expect(runs).toHaveLength(USERS * 3);
      // The day the killed node held open was done by the survivor (its transfer exists once).
      expect(transfers.filter((t) => t.reference_id === `${held.reference}:${held.day}`)).toHaveLength(1);
      // The killed node committed the days it claimed before the held one; the survivor did all the rest.
      const claimedBy = (server: FaultServer) => server.messages.filter((m) => 'claimed' in m).length;
      expect(claimedBy(killed)).toBe(HANG_AT);
      expect(claimedBy(survivor)).toBe(USERS * 3 - (HANG_AT - 1));
      expect(await checkLedger(db)).toMatchObject({ ok: true });
    },
    90_000,
  );
});
