import { describe, expect, it } from 'vitest';
import { CURRENCIES, amountIn, currencyOf, fitsCurrency, tooManyPlacesKey } from './currencies.ts';
import { V } from './validation-keys.ts';

const issue = (result: ReturnType<ReturnType<typeof amountIn>['safeParse']>) => (result.success ? null : result.error.issues[0]?.message);

describe('the currency list', () => {
  it('declares USD, USDT, BTC and ETH with their places and networks', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual(['USD', 'USDT', 'BTC', 'ETH']);
    expect(currencyOf('USDT').networks).toEqual(['ERC-20', 'TRC-20']);
    expect(currencyOf('BTC').networks).toEqual(['Bitcoin']);
    expect(currencyOf('ETH').networks).toEqual(['Ethereum']);
    expect(currencyOf('USD').networks).toEqual([]);
    for (const c of CURRENCIES) {
      expect(c.places).toBeLessThanOrEqual(8); // SPEC §5.10
      expect(c.displayPlaces).toBeLessThanOrEqual(c.places);
    }
    expect(() => currencyOf('DOGE')).toThrow();
  });
});

describe('amountIn(currency)', () => {
  it('takes an amount with up to the currency places, trimmed and unrounded', () => {
    expect(amountIn('BTC').parse(' 0.015 ')).toBe('0.015');
    expect(amountIn('BTC').parse('0.00000001')).toBe('0.00000001');
    expect(amountIn('USDT').parse('120.123456')).toBe('120.123456');
  });

  it('refuses more places than the currency accepts with the message naming the currency', () => {
    expect(issue(amountIn('USDT').safeParse('1.0000001'))).toBe(tooManyPlacesKey('USDT'));
    expect(issue(amountIn('BTC').safeParse('0.000000001'))).toBe('validation.amountPlaces.BTC');
    expect(fitsCurrency('1.0000001', 'USDT')).toBe(false);
    expect(fitsCurrency('1.000001', 'USDT')).toBe(true);
  });

  it('refuses empty, zero, negative and non-decimal input with the amount messages', () => {
    expect(issue(amountIn('ETH').safeParse(''))).toBe(V.amountRequired);
    expect(issue(amountIn('ETH').safeParse('0'))).toBe(V.amountInvalid);
    expect(issue(amountIn('ETH').safeParse('-1'))).toBe(V.amountInvalid);
    expect(issue(amountIn('ETH').safeParse('1e3'))).toBe(V.amountInvalid);
    expect(issue(amountIn('ETH').safeParse('1'.repeat(21)))).toBe(V.amountInvalid);
  });
});
