import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { earlyExitSplit, money, SMART_DAY_MS, smartDailyIncome, smartQuote } from '@meridian/contracts';
import { nextProfitAt, planDaysDue } from '../../src/smart/plan-days.ts';
import type { PlanState } from '../../src/smart/plan-days.ts';

/** Smart plans' arithmetic against cases worked out by hand (issue 27). */
const start = Date.UTC(2026, 11, 1, 10, 30, 0);
const plan = (overrides: Partial<PlanState> = {}): PlanState => ({
  amount: '1000',
  termDays: 30,
  profitSharingDays: 7,
  dailyIncome: '0.8',
  startedAt: start,
  daysRun: 0,
  totalProfit: '0',
  accrued: '0',
  status: 'earning',
  ...overrides,
});
const at = (days: number, extraMs = 0) => start + days * SMART_DAY_MS + extraMs;

describe('smart plan arithmetic', () => {
  it('states the income, the total at term and the penalty before purchase (cents, half up)', () => {
    // 1,000 × 0.08 % = 0.80 a day; 30 days = 24.00; penalty 10 % = 100.00.
    expect(smartQuote('1000', { termDays: 30, dailyYieldPercent: '0.08', profitSharingDays: 7, earlyExitPenaltyPercent: '10' })).toEqual({
      dailyIncome: '0.80',
      totalIncome: '24.00',
      totalAtTerm: '1024.00',
      earlyExitPenalty: '100.00',
    });
    // 1,234.56 × 0.05 % = 0.61728 → 0.62; × 7 = 4.34.
    expect(smartQuote('1234.56', { termDays: 7, dailyYieldPercent: '0.05', profitSharingDays: 7, earlyExitPenaltyPercent: '2.5' })).toEqual(
      {
        dailyIncome: '0.62',
        totalIncome: '4.34',
        totalAtTerm: '1238.90',
        earlyExitPenalty: '30.86',
      },
    );
  });

  it('credits nothing before the first next-profit time, then one day per 24 h, accrued until the profit-sharing day', () => {
    expect(planDaysDue(plan(), at(1, -1)).days).toEqual([]);
    const { days, after } = planDaysDue(plan(), at(6, 5));
    expect(days.map((d) => [d.day, d.date, d.income.toFixed(2), d.release.toFixed(2)])).toEqual([
      [1, '2026-12-02', '0.80', '0.00'],
      [2, '2026-12-03', '0.80', '0.00'],
      [3, '2026-12-04', '0.80', '0.00'],
      [4, '2026-12-05', '0.80', '0.00'],
      [5, '2026-12-06', '0.80', '0.00'],
      [6, '2026-12-07', '0.80', '0.00'],
    ]);
    expect(after).toMatchObject({ daysRun: 6, accrued: '4.8', totalProfit: '4.8', status: 'earning' });
    expect(nextProfitAt(after)).toBe(at(7));
    // Day 7 is the profit-sharing day: 5.60 released; day 8's 0.80 is released as it is credited.
    const shared = planDaysDue(after, at(8));
    expect(shared.days.map((d) => [d.day, d.release.toFixed(2)])).toEqual([
      [7, '5.60'],
      [8, '0.80'],
    ]);
    expect(shared.after).toMatchObject({ daysRun: 8, accrued: '0', totalProfit: '6.4', status: 'profit_shared' });
    // Asked again at the same moment: nothing more (the job run twice books once).
    expect(planDaysDue(shared.after, at(8)).days).toEqual([]);
  });

  it('catches up a term that ended on a missed day exactly, completing on its last day', () => {
    // Steady 7: 1,000 × 0.05 % = 0.50 a day, shared on day 7 (the last). Booked to day 3, then missed until day 10.
    const booked = planDaysDue(plan({ termDays: 7, profitSharingDays: 7, dailyIncome: '0.5' }), at(3)).after;
    expect(booked).toMatchObject({ daysRun: 3, accrued: '1.5', status: 'earning' });
    const { days, after } = planDaysDue(booked, at(10));
    expect(days.map((d) => [d.day, d.date, d.release.toFixed(2), d.last])).toEqual([
      [4, '2026-12-05', '0.00', false],
      [5, '2026-12-06', '0.00', false],
      [6, '2026-12-07', '0.00', false],
      [7, '2026-12-08', '3.50', true],
    ]);
    expect(days.at(-1)!.at).toBe(at(7));
    expect(after).toMatchObject({ daysRun: 7, accrued: '0', totalProfit: '3.5', status: 'completed' });
    expect(nextProfitAt(after)).toBeNull();
  });

  it('takes the early-exit penalty from the accrued income first, then from principal', () => {
    // Penalty (100.00) larger than the income (2.40): 2.40 from income, 97.60 from principal; 902.40 back.
    expect(earlyExitSplit('1000', '2.4', '10')).toEqual({
      penalty: '100.00',
      fromIncome: '2.40',
      fromPrincipal: '97.60',
      incomeReturned: '0.00',
      principalReturned: '902.40',
      receive: '902.40',
    });
    // Penalty (1.00) smaller than the income (20.00): all from income; the principal returns whole.
    expect(earlyExitSplit('100', '20', '1')).toEqual({
      penalty: '1.00',
      fromIncome: '1.00',
      fromPrincipal: '0.00',
      incomeReturned: '19.00',
      principalReturned: '100.00',
      receive: '119.00',
    });
    // No penalty: everything back.
    expect(earlyExitSplit('500', '3.2', '0').receive).toBe('503.20');
  });

  it('keeps every cent: credited = released + accrued, and an exit returns principal + accrued − penalty', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, yieldBp, term, sharingRaw, daysLater, penaltyBp) => {
          const amount = money(String(cents)).dividedBy(100).toFixed();
          const sharing = Math.min(term, sharingRaw);
          const daily = smartDailyIncome(amount, money(String(yieldBp)).dividedBy(100).toFixed()).toFixed();
          const { days, after } = planDaysDue(
            plan({ amount, termDays: term, profitSharingDays: sharing, dailyIncome: daily }),
            at(daysLater),
          );
          const credited = days.reduce((sum, d) => sum.plus(d.income), money('0'));
          const released = days.reduce((sum, d) => sum.plus(d.release), money('0'));
          expect(credited.eq(money(daily).times(Math.min(term, daysLater)))).toBe(true);
          expect(credited.eq(released.plus(after.accrued))).toBe(true);
          const split = earlyExitSplit(amount, after.accrued, money(String(penaltyBp)).dividedBy(100).toFixed());
          expect(money(split.receive).plus(split.penalty).eq(money(amount).plus(after.accrued))).toBe(true);
          expect(money(split.fromIncome).lte(after.accrued)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
