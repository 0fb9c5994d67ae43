import { Cron } from 'croner';
import { wholeNumber } from '@meridian/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import type { Database, Transaction } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import type { Scheduler } from './scheduler.ts';

/** One period of a calendar job: `[start, end)`, keyed by its start (ISO, UTC). */
export interface JobPeriod {
  /** The run key's period: the start as an ISO timestamp (UTC), e.g. `2026-11-24T00:00:00.000Z`. */
  key: string;
  /** The day the work is dated on (UTC), e.g. `2026-11-24`. */
  day: string;
  start: number;
  end: number;
}

/** A thing the job works for (a plan, a loan) and the time from which its periods count. */
interface JobReference {
  reference: string;
  /** The first period is the first that starts at or after this time. */
  from: number;
  /** No period starting at or after this time (a plan that ended). */
  until?: number;
}

export interface PeriodicJobDefinition {
  /** The job's name: the first part of every run key (job, reference, period). */
  name: string;
  /**
   * Where the periods start, as a cron pattern read in UTC by croner (`0 0 * * *`: every day at 00:00
   * UTC). A period runs once it has ended (an accrual for a day runs after the day).
   */
  pattern: string;
  /** Every reference that may have periods due at `now`. */
  references: (db: Database, now: number) => Promise<JobReference[]>;
  /**
   * The work of one reference for one period, inside the transaction that records the run: it commits
   * with the run's key or not at all, so it is done once whatever runs twice or dies half-way.
   */
  run: (tx: Transaction, reference: string, period: JobPeriod) => Promise<void>;
  /** At most this many periods of one reference a run (the next run takes the rest). 400 by default. */
  maxCatchUp?: number;
}

export interface PeriodicRunResult {
  /** Periods this run did (committed here). */
  done: number;
  /** Periods found done by another run or node while this one looked. */
  skipped: number;
  /** Periods whose work failed (left for the next run). */
  failed: number;
}

interface Log {
  warn: (obj: object, msg: string) => void;
}

/** The periods of `pattern` that start in `[from, until)` and have ended by `now`, oldest first, at most `max`. */
export function periodsDue(pattern: string, from: number, now: number, max: number, until = Number.POSITIVE_INFINITY): JobPeriod[] {
  const cron = new Cron(pattern, { timezone: 'UTC', paused: true });
  const out: JobPeriod[] = [];
  // nextRun is strictly after the date given: one millisecond before `from` includes a start exactly at it.
  let start = cron.nextRun(new Date(from - 1));
  while (start && out.length < max) {
    const next = cron.nextRun(start);
    if (!next || next.getTime() > now || start.getTime() >= until) break;
    const key = start.toISOString();
    out.push({ key, day: key.slice(0, 10), start: start.getTime(), end: next.getTime() });
    start = next;
  }
  return out;
}

/**
 * Runs every period of every reference that is due and not yet done: missed periods (the node was down,
 * a run failed) are caught up one by one, each dated on its own period. Each (job, reference, period) is
 * claimed by inserting its run key in the transaction that does the work; a second node inserting the
 * same key waits for the first transaction and then skips it, or, when the first died and rolled back,
 * does the work itself.
 */
export async function runPeriodicJob(db: Database, job: PeriodicJobDefinition, now: number, log?: Log): Promise<PeriodicRunResult> {
  const result: PeriodicRunResult = { done: 0, skipped: 0, failed: 0 };
  const max = job.maxCatchUp ?? 400;
  for (const ref of await job.references(db, now)) {
    // The walk resumes after the newest period done: periods are claimed oldest first and a failure stops
    // the later ones of its reference, so everything before the newest done one is done too, and a
    // reference older than `max` periods keeps moving instead of seeing the same first `max` every run.
    const [latest] = await db
      .select({ start: sql<string | null>`max(${jobRuns.periodStart})` })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.reference, ref.reference)));
    const latestStart = latest?.start == null ? null : wholeNumber(String(latest.start));
    const from = latestStart === null ? ref.from : Math.max(ref.from, latestStart + 1);
    const periods = periodsDue(job.pattern, from, now, max, ref.until);
    if (periods.length === 0) continue;
    const doneRows = await db
      .select({ period: jobRuns.period })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.reference, ref.reference), gte(jobRuns.periodStart, periods[0]!.start)));
    const done = new Set(doneRows.map((r) => r.period));
    for (const period of periods) {
      if (done.has(period.key)) continue;
      try {
        // Retried as a whole on a deadlock or serialization failure (the money transaction wrapper).
        const ran = await withMoneyTransaction(db, async (tx) => {
          const claimed = rowsOf<{ period: string }>(
            await tx.execute(sql`
              insert into job_runs (job, reference, period, period_start)
              values (${job.name}, ${ref.reference}, ${period.key}, ${period.start})
              on conflict do nothing
              returning period`),
          );
          if (claimed.length === 0) return false;
          await job.run(tx, ref.reference, period);
          return true;
        });
        if (ran) result.done++;
        else result.skipped++;
      } catch (error) {
        result.failed++;
        log?.warn({ err: error, job: job.name, reference: ref.reference, period: period.key }, 'job: a period failed');
        // The later periods of this reference wait for this one (they are dated after it).
        break;
      }
    }
  }
  return result;
}

/** Registers a periodic job: looked at every `checkMs` (a minute by default) on the scheduler's clock. */
export function schedulePeriodicJob(scheduler: Scheduler, db: Database, job: PeriodicJobDefinition, checkMs = 60_000, log?: Log): void {
  scheduler.every(job.name, checkMs, async () => {
    await runPeriodicJob(db, job, scheduler.clock.now(), log);
  });
}
