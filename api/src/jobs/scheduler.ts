import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/database.ts';

/** The clock and timers jobs run on; tests pass their own to move time. */
export interface JobClock {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const systemClock: JobClock = {
  now: Date.now,
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

interface Job {
  name: string;
  run: () => Promise<void>;
  /** The run under way, if any. */
  current: Promise<void> | null;
  handle: unknown;
}

/**
 * The one home of periodic and due-time work (ARCHITECTURE "Money"): the market tick, order triggers,
 * options settlement, clean-ups. A run of a job never overlaps the previous run of the same job on this
 * node; across nodes each job is safe by itself (a feed leader, advisory locks, or due rows claimed
 * with conditional updates), so every node runs the same scheduler.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private closed = false;

  constructor(
    readonly clock: JobClock = systemClock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Runs `run` every `ms` (skipping a beat while the previous run is still going). */
  every(name: string, ms: number, run: () => Promise<void>): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
    const job: Job = { name, run, current: null, handle: null };
    job.handle = this.clock.setInterval(() => void this.runNow(name), ms);
    this.jobs.set(name, job);
  }

  /** Runs a job at once (tests; a tick that wants its follow-up work now). False when it was busy. */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job || job.current || this.closed) return false;
    job.current = job
      .run()
      .catch((error: unknown) => this.log?.warn({ err: error, job: name }, 'job failed'))
      .finally(() => {
        job.current = null;
      });
    await job.current;
    return true;
  }

  /** Stops every job and waits for the runs under way. */
  async close(): Promise<void> {
    this.closed = true;
    const running = [...this.jobs.values()].map((job) => job.current);
    for (const job of this.jobs.values()) this.clock.clearInterval(job.handle);
    this.jobs.clear();
    await Promise.all(running);
  }
}

/**
 * Runs `work` in a transaction holding a database-wide advisory lock named `name`, unless another node
 * holds it (then nothing runs and the answer is false). Works on PostgreSQL and PGlite alike.
 */
export async function withJobLock(db: Database, name: string, work: (tx: Transaction) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`);
    const rows = (result as { rows?: { locked: boolean }[] }).rows ?? (result as unknown as { locked: boolean }[]);
    if (!rows[0]?.locked) return false;
    await work(tx);
    return true;
  });
}
