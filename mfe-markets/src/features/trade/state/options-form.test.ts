import { describe, expect, it } from 'vitest';
import type { OptionsProduct } from '@meridian/contracts';
import { AMOUNT_RANGE_KEY, optionsOrderForm, previewOptionsPayout, validateOptionsForm } from './options-form.ts';

const products: OptionsProduct[] = [
  { period: 30, payoutPercent: '85', minStake: '10', maxStake: '1000' },
  { period: 60, payoutPercent: '87.5', minStake: '20', maxStake: '5000' },
];

describe('previewOptionsPayout', () => {
  it('pays the stake back plus the profit rounded down, like the server', () => {
    const payout = previewOptionsPayout('10.00000001', products[0]!)!;
    // 10.00000001 × 85 % = 8.5000000085 → 8.50000000 (down).
    expect(payout.profit.toFixed()).toBe('8.5');
    expect(payout.total.toFixed()).toBe('18.50000001');
  });

  it('shows nothing for an amount that is not one', () => {
    for (const amount of ['', '0', 'x', '1.123456789']) expect(previewOptionsPayout(amount, products[0]!), amount).toBeNull();
  });
});

describe('validateOptionsForm', () => {
  const context = { instrumentId: 3, products };
  it('gives the body for a stake inside the period limits', () => {
    expect(validateOptionsForm({ direction: 'down', amount: '20', period: 60 }, context)).toEqual({
      errors: {},
      body: { instrumentId: 3, direction: 'down', amount: '20', period: 60 },
    });
  });

  it('refuses a stake outside the chosen period limits, and an empty or malformed one', () => {
    expect(validateOptionsForm({ direction: 'up', amount: '15', period: 60 }, context).errors).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(validateOptionsForm({ direction: 'up', amount: '1000.01', period: 30 }, context).errors).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(validateOptionsForm({ direction: 'up', amount: '', period: 30 }, context).errors).toEqual({ amount: 'validation.enterAmount' });
    expect(validateOptionsForm({ direction: 'up', amount: '1e2', period: 30 }, context).errors).toEqual({
      amount: 'validation.enterCorrectAmount',
    });
  });

  it('refuses a period the instrument does not offer', () => {
    expect(validateOptionsForm({ direction: 'up', amount: '20', period: 45 }, context).errors.period).toBe('errors.10017');
  });
});

describe('optionsOrderForm', () => {
  const schema = optionsOrderForm({ instrumentId: 3, products });
  it('parses the values to the body, a period no longer offered counting as the first', () => {
    expect(schema.parse({ direction: 'down', amount: '20', period: 60 })).toEqual({
      instrumentId: 3,
      direction: 'down',
      amount: '20',
      period: 60,
    });
    expect(schema.parse({ direction: 'up', amount: '20', period: 45 })).toMatchObject({ period: 30 });
  });

  it('puts the stake’s message key under the amount', () => {
    const parsed = schema.safeParse({ direction: 'up', amount: '15', period: 60 });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', AMOUNT_RANGE_KEY]]);
  });
});
