import { money, SMART_DAY_MS, smartDaysEnded } from '@meridian/contracts';
import type { Money } from '@meridian/contracts';

/** Where a plan stands: what its row keeps (the terms it was bought on and its progress). */
export interface PlanState {
  amount: string;
  termDays: number;
  profitSharingDays: number;
  dailyIncome: string;
  startedAt: number;
  daysRun: number;
  totalProfit: string;
  accrued: string;
  status: 'earning' | 'profit_shared' | 'completed' | 'ended_early';
}

/** One day of a plan to book: its number, the moment it was due, its income and what is released with it. */
export interface PlanDay {
  day: number;
  at: number;
  /** The UTC date of `at`: the day's reference (`plan_day`, `<id>:<date>`). */
  date: string;
  income: Money;
  /** Accrued income made the customer's cash with this day: all of it from the profit-sharing day on. */
  release: Money;
  /** The term's last day: the principal returns with it and the plan completes. */
  last: boolean;
}

/**
 * The days of a running plan that are due by `now` and not booked yet, oldest first, and the state after
 * booking them (SPEC §4, ADR 008). Day k is due at `startedAt + k days`, its income the stated daily
 * income (the same every day); it accrues (not withdrawable) until the profit-sharing day, from which
 * what accrued and each later day's income is released; on the term's last day the rest is released,
 * the principal returns and the plan completes. A plan whose job missed runs catches up exactly the
 * missed days, each dated on its own day, and a term that ended on a missed day completes on it.
 * At most `maxDays` are taken (the job books a long backlog in several transactions).
 */
export function planDaysDue(state: PlanState, now: number, maxDays = Number.POSITIVE_INFINITY): { days: PlanDay[]; after: PlanState } {
  if (state.status !== 'earning' && state.status !== 'profit_shared') return { days: [], after: state };
  const ended = Math.min(smartDaysEnded(state.startedAt, now, state.termDays), state.daysRun + maxDays);
  const days: PlanDay[] = [];
  let accrued = money(state.accrued);
  let total = money(state.totalProfit);
  let status: PlanState['status'] = state.status;
  for (let day = state.daysRun + 1; day <= ended; day += 1) {
    const at = state.startedAt + day * SMART_DAY_MS;
    const income = money(state.dailyIncome);
    accrued = accrued.plus(income);
    total = total.plus(income);
    const last = day === state.termDays;
    const release = last || day >= state.profitSharingDays ? accrued : money('0');
    accrued = accrued.minus(release);
    if (day >= state.profitSharingDays) status = 'profit_shared';
    if (last) status = 'completed';
    days.push({ day, at, date: new Date(at).toISOString().slice(0, 10), income, release, last });
  }
  return {
    days,
    after: { ...state, daysRun: Math.max(state.daysRun, ended), accrued: accrued.toFixed(), totalProfit: total.toFixed(), status },
  };
}

/** When a running plan's next day is due (null once it has ended). */
export function nextProfitAt(state: Pick<PlanState, 'startedAt' | 'daysRun' | 'termDays' | 'status'>): number | null {
  if (state.status !== 'earning' && state.status !== 'profit_shared') return null;
  if (state.daysRun >= state.termDays) return null;
  return state.startedAt + (state.daysRun + 1) * SMART_DAY_MS;
}
