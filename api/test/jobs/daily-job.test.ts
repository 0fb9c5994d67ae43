import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createUser } from '../../src/accounts/users.ts';
import { jobRuns } from '../../src/db/schema.ts';
import { periodsDue, runPeriodicJob } from '../../src/jobs/daily-job.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';
import { TEST_ACCRUAL_JOB, testAccrualJob } from './test-accrual-job.ts';

const DAY = 24 * 3600_000;
/** 2026-11-20T00:00Z: the references count their days from here. */
const FROM = Date.UTC(2026, 10, 20);

const database = withOwnDatabase({ seed: true, systemAccounts: true, ledgerCheck: true });

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

async function accrualsOf(userId: string): Promise<string[]> {
  const rows = rowsOf<{ reference_id: string }>(
    await database.db.execute(
      sql`select reference_id from ledger_transfers where reference_kind = ${TEST_ACCRUAL_JOB} and user_id = ${userId} order by reference_id`,
    ),
  );
  return rows.map((r) => r.reference_id.slice(userId.length + 1));
}

describe('periods of a calendar schedule (croner, UTC)', () => {
  it('a daily pattern gives the days that ended, each once, from the first one starting at the reference’s start', () => {
    const periods = periodsDue('0 0 * * *', FROM, FROM + 3 * DAY + 5 * 3600_000, 100);
    expect(periods.map((p) => p.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(periods[0]).toMatchObject({ key: '2026-11-20T00:00:00.000Z', start: FROM, end: FROM + DAY });
    // A start in the middle of a day counts from the next day; the day under way is not due yet.
    expect(periodsDue('0 0 * * *', FROM + 1, FROM + 2 * DAY, 100).map((p) => p.day)).toEqual(['2026-11-21']);
    // At most `max` a run; none after `until`.
    expect(periodsDue('0 0 * * *', FROM, FROM + 10 * DAY, 4)).toHaveLength(4);
    expect(periodsDue('0 0 * * *', FROM, FROM + 10 * DAY, 100, FROM + 2 * DAY)).toHaveLength(2);
  });

  it('a monthly pattern follows the calendar (months of 30 and 31 days), not a fixed number of milliseconds', () => {
    const periods = periodsDue('0 0 1 * *', Date.UTC(2026, 0, 1), Date.UTC(2026, 3, 2), 100);
    expect(periods.map((p) => [p.day, (p.end - p.start) / DAY])).toEqual([
      ['2026-01-01', 31],
      ['2026-02-01', 28],
      ['2026-03-01', 31],
    ]);
  });
});

describe('a daily job with catch-up (one run key per job, reference and day)', () => {
  it('three missed days → three accruals per reference, each dated on its day; overlapping runs and a later run do nothing twice', async () => {
    const users = [];
    for (let i = 0; i < 3; i++)
      users.push((await createUser(database.db, { email: `daily-${i}-${Date.now()}@example.com`, passwordHash: null })).id);
    const job = testAccrualJob(database.db, { users, from: FROM });
    const now = FROM + 3 * DAY + 3600_000;
    // Two runs at once (two nodes, or a run overlapping the previous one), then a run after a restart.
    const [a, b] = await Promise.all([runPeriodicJob(database.db, job, now), runPeriodicJob(database.db, job, now)]);
    expect(a.done + b.done).toBe(9);
    expect(a.failed + b.failed).toBe(0);
    expect(await runPeriodicJob(database.db, job, now)).toEqual({ done: 0, skipped: 0, failed: 0 });
    for (const user of users) expect(await accrualsOf(user)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    const runs = await database.db
      .select({ reference: jobRuns.reference, day: jobRuns.period })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, TEST_ACCRUAL_JOB), inArray(jobRuns.reference, users)));
    expect(runs).toHaveLength(9);
    // The next day ends: exactly that day is added.
    const next = await runPeriodicJob(database.db, job, now + DAY);
    expect(next.done).toBe(3);
    for (const user of users) expect(await accrualsOf(user)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('a reference with more periods due than one run takes keeps moving: each run takes the next ones', async () => {
    const user = (await createUser(database.db, { email: `daily-cap-${Date.now()}@example.com`, passwordHash: null })).id;
    const job = { ...testAccrualJob(database.db, { users: [user], from: FROM }), maxCatchUp: 2 };
    const now = FROM + 5 * DAY + 60_000;
    expect((await runPeriodicJob(database.db, job, now)).done).toBe(2);
    expect((await runPeriodicJob(database.db, job, now)).done).toBe(2);
    expect((await runPeriodicJob(database.db, job, now)).done).toBe(1);
    expect(await runPeriodicJob(database.db, job, now)).toEqual({ done: 0, skipped: 0, failed: 0 });
    expect(await accrualsOf(user)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
  });

  it('a run whose work fails leaves no run key: the day is done by the next run, and later days wait for it', async () => {
    const user = (await createUser(database.db, { email: `daily-fail-${Date.now()}@example.com`, passwordHash: null })).id;
    let failures = 1;
    const job = testAccrualJob(database.db, {
      users: [user],
      from: FROM,
      during: async (_ref, period) => {
        if (period.day === '2026-11-21' && failures-- > 0) throw new Error('injected failure');
      },
    });
    const now = FROM + 3 * DAY;
    expect(await runPeriodicJob(database.db, job, now)).toEqual({ done: 1, skipped: 0, failed: 1 });
    expect(await accrualsOf(user)).toEqual(['2026-11-20']);
    expect(await runPeriodicJob(database.db, job, now)).toEqual({ done: 2, skipped: 0, failed: 0 });
    expect(await accrualsOf(user)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });
});
