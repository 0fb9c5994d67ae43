import { money } from '@meridian/contracts';
import type { Database } from '../../src/db/database.ts';
import type { JobPeriod, PeriodicJobDefinition } from '../../src/jobs/daily-job.ts';
import { Ledger } from '../../src/ledger/ledger.ts';

/** What one accrual pays (demo cash, from the corrections account): a test job, not a product. */
export const TEST_ACCRUAL = '1.25';
export const TEST_ACCRUAL_JOB = 'test-accrual';

/**
 * The shape a product's daily accrual takes (a plan's day of income, a loan's day of interest): one
 * transfer per reference and day, dated on its day (the transfer's reference names the day), done by
 * the daily job primitive in the transaction that records the run. `during` runs inside that
 * transaction after the transfer (a test holds a run open there, or kills its process).
 */
export function testAccrualJob(
  db: Database,
  options: { users: readonly string[]; from: number; during?: (reference: string, period: JobPeriod) => Promise<void> },
): PeriodicJobDefinition {
  const ledger = Ledger.of(db);
  return {
    name: TEST_ACCRUAL_JOB,
    pattern: '0 0 * * *',
    references: async () => options.users.map((reference) => ({ reference, from: options.from })),
    run: async (tx, userId, period) => {
      await ledger.lockOwner(tx, userId, 'demo');
      await ledger.post(tx, {
        userId,
        mode: 'demo',
        reference: { kind: TEST_ACCRUAL_JOB, id: `${userId}:${period.day}` },
        legs: [{ type: 'correction', from: { system: 'corrections' }, to: { user: 'cash' }, amount: money(TEST_ACCRUAL) }],
      });
      await options.during?.(userId, period);
    },
  };
}
