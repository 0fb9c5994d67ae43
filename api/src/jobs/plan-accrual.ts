import type { FastifyBaseLogger } from 'fastify';
import type { SmartPlans } from '../smart/smart-plans.ts';
import type { Scheduler } from './scheduler.ts';

/** The smart plans' accrual job (tests and the test site's clock run it with `scheduler.runNow`). */
export const PLAN_ACCRUAL_JOB = 'plan-accrual';

/**
 * Credits each running plan's days that are due (their next-profit time has passed), on the plans' clock:
 * the due rows are read, and each plan is booked in its own money transaction with its owner and its row
 * locked, so a second run or a second node finds the days booked and does nothing, and a missed run
 * catches up exactly the missed days (ADR 008). The owners whose plans moved are told after each commit.
 */
export async function runPlanAccrual(plans: SmartPlans, log?: FastifyBaseLogger): Promise<number> {
  const now = plans.now();
  let booked = 0;
  for (const id of await plans.due(now)) {
    try {
      const owner = await plans.accrue(id, now);
      if (owner) {
        booked++;
        plans.moved(owner);
      }
    } catch (error) {
      log?.warn({ err: error, job: PLAN_ACCRUAL_JOB, plan: id }, 'job: a plan failed');
    }
  }
  return booked;
}

/** Looks at the plans every 15 s: a day's income is credited within seconds of its next-profit time. */
export function schedulePlanAccrual(scheduler: Scheduler, plans: SmartPlans, log?: FastifyBaseLogger): void {
  scheduler.every(PLAN_ACCRUAL_JOB, 15_000, async () => {
    await runPlanAccrual(plans, log);
  });
}
