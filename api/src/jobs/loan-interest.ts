import { wholeNumber } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Loans } from '../loans/loans.ts';
import { runPeriodicJob } from './daily-job.ts';
import type { PeriodicJobDefinition } from './daily-job.ts';
import type { Scheduler } from './scheduler.ts';

/** The daily job of loans (tests run it with `scheduler.runNow`). */
export const LOAN_INTEREST_JOB = 'loan-interest';

/**
 * Each ended day of the loans `references` names, once (ADR 008): the job's periods are UTC days
 * (`0 0 * * *`), each claimed by its run key (job, loan, day) in the transaction that books it, so a second
 * run or a second node skips it and a missed run catches up exactly the missed days, oldest first. The
 * borrowers whose loans moved are added to `touched`.
 */
function loanInterestJob(loans: Loans, references: PeriodicJobDefinition['references'], touched: Set<string>): PeriodicJobDefinition {
  return {
    name: LOAN_INTEREST_JOB,
    pattern: '0 0 * * *',
    references,
    run: async (tx, reference, period) => {
      const owner = await loans.accrueDay(tx, wholeNumber(reference), period);
      if (owner) touched.add(owner);
    },
  };
}

/** Runs the loans' days due at `now` (every accruing loan, or the ones `only` names) and tells their borrowers. */
async function runLoanInterest(db: Database, loans: Loans, now: number, log?: FastifyBaseLogger, only?: number): Promise<void> {
  const touched = new Set<string>();
  const references: PeriodicJobDefinition['references'] = async (database) =>
    (await loans.accruing(database)).filter((ref) => only === undefined || ref.reference === String(only));
  await runPeriodicJob(db, loanInterestJob(loans, references, touched), now, log);
  for (const userId of touched) loans.moved(userId);
}

/** Looks at the loans every minute on the scheduler's clock. */
export function scheduleLoanInterest(scheduler: Scheduler, db: Database, loans: Loans, log?: FastifyBaseLogger): void {
  scheduler.every(LOAN_INTEREST_JOB, 60_000, () => runLoanInterest(db, loans, scheduler.clock.now(), log));
}
