import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAdult, isCalendarDate } from './kyc-rules.ts';
import { dailyInterest, loanQuote, parseLoanProducts, splitRepayment } from './loan-rules.ts';
import { money } from './money.ts';

describe('loan rules', () => {
  it('reads the products or calls them misconfigured (10023)', () => {
    expect(
      parseLoanProducts(
        '[{"termDays":30,"minAmount":"100","maxAmount":"5000","dailyRatePercent":"0.1"},{"termDays":7,"minAmount":"50","maxAmount":"50","dailyRatePercent":"0"}]',
      ),
    ).toEqual([
      { termDays: 7, minAmount: '50', maxAmount: '50', dailyRatePercent: '0' },
      { termDays: 30, minAmount: '100', maxAmount: '5000', dailyRatePercent: '0.1' },
    ]);
    for (const bad of [
      null,
      '',
      'not json',
      '{}',
      '[]',
      '[{"termDays":0,"minAmount":"1","maxAmount":"2","dailyRatePercent":"0.1"}]',
      '[{"termDays":1.5,"minAmount":"1","maxAmount":"2","dailyRatePercent":"0.1"}]',
      '[{"termDays":7,"minAmount":"0","maxAmount":"2","dailyRatePercent":"0.1"}]',
      '[{"termDays":7,"minAmount":"3","maxAmount":"2","dailyRatePercent":"0.1"}]',
      '[{"termDays":7,"minAmount":"1.001","maxAmount":"2","dailyRatePercent":"0.1"}]',
      '[{"termDays":7,"minAmount":"1","maxAmount":"2","dailyRatePercent":"100"}]',
      '[{"termDays":7,"minAmount":"1","maxAmount":"2","dailyRatePercent":"0.1"},{"termDays":7,"minAmount":"1","maxAmount":"2","dailyRatePercent":"0.2"}]',
    ])
      expect(parseLoanProducts(bad), String(bad)).toBeNull();
  });

  it('states what a loan costs: free days, then a day of interest on the principal, to the cent, half up', () => {
    expect(dailyInterest('504', '0.1').toFixed()).toBe('0.5');
    expect(dailyInterest('505', '0.1').toFixed()).toBe('0.51');
    expect(loanQuote('1000', { termDays: 30, dailyRatePercent: '0.1' }, 30)).toMatchObject({
      totalInterest: '0.00',
      schedule: [{ fromDay: 1, toDay: 30 }],
    });
    expect(loanQuote('1000', { termDays: 5, dailyRatePercent: '0.1' }, 0)).toMatchObject({
      totalInterest: '5.00',
      repaymentAmount: '1005.00',
      schedule: [{ fromDay: 1, toDay: 5, dailyInterest: '1.00', periodInterest: '5.00' }],
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000_00 }),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 5000 }),
        (amountCents, termDays, freeDays, rateBasis) => {
          const amount = money(String(amountCents)).dividedBy(100).toFixed(2);
          const rate = money(String(rateBasis)).dividedBy(10_000).toFixed();
          const quote = loanQuote(amount, { termDays, dailyRatePercent: rate }, freeDays);
          const paid = Math.max(0, termDays - freeDays);
          expect(money(quote.totalInterest).eq(money(quote.dailyInterest).times(paid))).toBe(true);
          expect(money(quote.repaymentAmount).eq(money(amount).plus(quote.totalInterest))).toBe(true);
          expect(quote.schedule.reduce((sum, row) => sum.plus(row.periodInterest), money('0')).eq(quote.totalInterest)).toBe(true);
        },
      ),
    );
  });

  it('applies a repayment to interest first, then principal', () => {
    const split = splitRepayment('500', '4');
    expect([split.interest.toFixed(), split.principal.toFixed()]).toEqual(['4', '496']);
    const small = splitRepayment('3', '4');
    expect([small.interest.toFixed(), small.principal.toFixed()]).toEqual(['3', '0']);
  });
});

describe('identity rules', () => {
  it('takes real calendar days only and the adult check to the day (UTC)', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    expect(isAdult('2008-11-28', at('2026-11-28'))).toBe(true);
    expect(isAdult('2008-11-29', at('2026-11-28'))).toBe(false);
    // Born on 29 February: adult from 1 March of the 18th year when that year has no 29 February.
    expect(isAdult('2008-02-29', at('2026-02-28'))).toBe(false);
    expect(isAdult('2008-02-29', at('2026-03-01'))).toBe(true);
    expect(isAdult('2030-01-01', at('2026-11-28'))).toBe(false);
  });
});
