import { describe, expect, it } from 'vitest';
import { formatAmount } from './format.ts';

describe('formatAmount (an amount in its own currency and places)', () => {
  it('shows a BTC amount in BTC with its places, never as dollars', () => {
    expect(formatAmount('0.015', 'BTC', 'en')).toBe('0.015 BTC');
    expect(formatAmount('0.00000001', 'BTC', 'en')).toBe('0.00000001 BTC');
    expect(formatAmount('1', 'BTC', 'en')).toBe('1.00 BTC');
  });

  it('keeps every place the currency accepts, unrounded', () => {
    expect(formatAmount('0.12345678', 'ETH', 'en')).toBe('0.12345678 ETH');
    expect(formatAmount('120.123456', 'USDT', 'en')).toBe('120.123456 USDT');
    expect(formatAmount('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatAmount('0.015', 'USD', 'en')).toBe('$0.015');
  });

  it('follows the language', () => {
    expect(formatAmount('1234.015', 'BTC', 'de')).toBe('1.234,015 BTC');
    expect(formatAmount('0.015', 'BTC', 'ar')).toMatch(/BTC$/);
  });
});
