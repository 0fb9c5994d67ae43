import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOf } from './currencies.ts';
import { exchangeQuoteBody } from './exchange.ts';
import {
  EXCHANGE_CRYPTO,
  EXCHANGE_KEYS,
  EXCHANGE_MIN_RECEIVE,
  EXCHANGE_RATE_PLACES,
  exchangeFee,
  exchangeRate,
  exchangeReceived,
  isExchangePair,
  meetsExchangeMinimum,
  quoteExchange,
} from './exchange-rules.ts';
import type { ExchangeCurrency } from './exchange-rules.ts';
import { money } from './money.ts';

// Every expected figure below is worked out by hand in the comment beside it, never by the code under test.

describe('flash exchange quote math (hand-computed)', () => {
  it('BTC → USD at 60,000 with a 0.2 % fee', () => {
    // rate = 60000 / 1 = 60000; fee = 0.5 × 0.2 / 100 = 0.001 BTC; (0.5 − 0.001) × 60000 = 0.499 × 60000 = 29940 USD.
    const rate = exchangeRate('60000', '1')!;
    expect(rate.toFixed()).toBe('60000');
    const { fee, received } = quoteExchange({ from: 'BTC', to: 'USD', amount: '0.5', rate, feePercent: '0.2' });
    expect(fee.toFixed()).toBe('0.001');
    expect(received.toFixed()).toBe('29940');
  });

  it('USD → BTC at 60,000: the rate is rounded down to 18 places, what is received down to 8', () => {
    // rate = 1 / 60000 = 0.0000166666… → 18 places, down: 0.000016666666666666.
    const rate = exchangeRate('1', '60000')!;
    expect(rate.toFixed()).toBe('0.000016666666666666');
    // fee = 1000 × 0.2 / 100 = 2 USD; 998 × 0.000016666666666666 = 0.016633333333333332668 → 8 places, down: 0.01663333
    // (the exact 998 / 60000 = 0.0166333… gives the same 8 places).
    const { fee, received } = quoteExchange({ from: 'USD', to: 'BTC', amount: '1000', rate, feePercent: '0.2' });
    expect(fee.toFixed()).toBe('2');
    expect(received.toFixed()).toBe('0.01663333');
  });

  it('ETH → USD: the fee is rounded up to 8 places, what is received down', () => {
    // fee = 1.23456789 × 0.2 / 100 = 0.002469135778 → 8 places, up: 0.00246914.
    // net = 1.23456789 − 0.00246914 = 1.23209875; × 3000.5 = 3696.29625 + 0.616049375 = 3696.912299375 → 8 places, down: 3696.91229937.
    const { fee, received } = quoteExchange({ from: 'ETH', to: 'USD', amount: '1.23456789', rate: '3000.5', feePercent: '0.2' });
    expect(fee.toFixed()).toBe('0.00246914');
    expect(received.toFixed()).toBe('3696.91229937');
  });

  it('USDT ↔ USD: USDT has 6 places; a USDT/USD price below 1 gives more USDT per USD', () => {
    // fee = 150.123456 × 0.2 / 100 = 0.300246912 → 6 places, up: 0.300247; net 149.823209 × 1 = 149.823209 USD.
    const out = quoteExchange({ from: 'USDT', to: 'USD', amount: '150.123456', rate: exchangeRate('1', '1')!, feePercent: '0.2' });
    expect([out.fee.toFixed(), out.received.toFixed()]).toEqual(['0.300247', '149.823209']);
    // rate = 1 / 0.9998 = 1.00020004000800160032… → 18 places: 1.0002000400080016 (trailing zeros dropped).
    const rate = exchangeRate('1', '0.9998')!;
    expect(rate.toFixed()).toBe('1.0002000400080016');
    // No fee: 500 × 1.0002000400080016 = 500.1000200040008 → 6 places, down: 500.100020 (500 / 0.9998 = 500.10002000400…).
    const back = quoteExchange({ from: 'USD', to: 'USDT', amount: '500', rate, feePercent: '0' });
    expect([back.fee.toFixed(), back.received.toFixed()]).toEqual(['0', '500.10002']);
  });

  it('a fee that takes the whole amount leaves nothing to receive; no price, no rate', () => {
    // 0.00000001 × 0.2 / 100 = 0.00000000002 → up to 8 places: 0.00000001, the whole amount.
    expect(exchangeFee('0.00000001', '0.2', 'BTC').toFixed()).toBe('0.00000001');
    expect(exchangeReceived('0.00000001', '0.00000001', '60000', 'USD').toFixed()).toBe('0');
    expect(exchangeReceived('100', '100', '1', 'USDT').toFixed()).toBe('0');
    expect(exchangeRate(undefined, '1')).toBeNull();
    expect(exchangeRate('60000', undefined)).toBeNull();
    expect(exchangeRate('0', '1')).toBeNull();
    expect(exchangeRate('1', '0')).toBeNull();
  });

  it('the minimum receive of SPEC §5.4 (USDT takes its withdrawal minimum)', () => {
    expect(EXCHANGE_MIN_RECEIVE).toEqual({ USD: '100', USDT: '10', BTC: '0.001', ETH: '0.1' });
    expect(meetsExchangeMinimum('BTC', '0.001')).toBe(true);
    expect(meetsExchangeMinimum('BTC', '0.00099999')).toBe(false);
    expect(meetsExchangeMinimum('ETH', '0.1')).toBe(true);
    expect(meetsExchangeMinimum('ETH', '0.09999999')).toBe(false);
    expect(meetsExchangeMinimum('USD', '100')).toBe(true);
    expect(meetsExchangeMinimum('USD', '99.99999999')).toBe(false);
    expect(meetsExchangeMinimum('USDT', '9.999999')).toBe(false);
    expect(meetsExchangeMinimum('USDT', '10')).toBe(true);
  });

  it('pairs are crypto ↔ USD only', () => {
    for (const crypto of EXCHANGE_CRYPTO) {
      expect(isExchangePair(crypto, 'USD')).toBe(true);
      expect(isExchangePair('USD', crypto)).toBe(true);
      expect(isExchangePair(crypto, crypto)).toBe(false);
    }
    expect(isExchangePair('BTC', 'ETH')).toBe(false);
    expect(isExchangePair('USDT', 'BTC')).toBe(false);
    expect(isExchangePair('USD', 'USD')).toBe(false);
    expect(isExchangePair('XRP', 'USD')).toBe(false);
  });
});

describe('the quote form (exchangeQuoteBody)', () => {
  const issue = (body: Record<string, unknown>) => {
    const parsed = exchangeQuoteBody.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('takes a pair and an amount with the currency’s places, trimmed', () => {
    expect(exchangeQuoteBody.parse({ from: 'BTC', to: 'USD', amount: ' 0.5 ' })).toEqual({ from: 'BTC', to: 'USD', amount: '0.5' });
    expect(issue({ from: 'USD', to: 'USDT', amount: '100.12345678' })).toBeNull();
  });

  it('refuses each wrong field with its message', () => {
    expect(issue({ from: 'BTC', to: 'ETH', amount: '1' })).toBe(EXCHANGE_KEYS.pair);
    expect(issue({ from: 'USD', to: 'USD', amount: '1' })).toBe(EXCHANGE_KEYS.pair);
    expect(issue({ from: 'USDT', to: 'USD', amount: '1.1234567' })).toBe('validation.amountPlaces.USDT');
    expect(issue({ from: 'BTC', to: 'USD', amount: '' })).toBe('validation.enterAmount');
    expect(issue({ from: 'BTC', to: 'USD', amount: '0' })).toBe('validation.enterCorrectAmount');
    expect(issue({ from: 'BTC', to: 'USD', amount: '-1' })).toBe('validation.enterCorrectAmount');
    expect(issue({ from: 'DOGE', to: 'USD', amount: '1' })).toBe('validation.invalid');
    expect(issue({ from: 'BTC', to: 'USD', amount: 1 })).toBe('validation.enterAmount');
  });
});

/** A positive decimal string with up to `intDigits` digits before the point and up to `places` after it. */
function positive(intDigits: number, places: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }))
    .filter(([whole, fraction]) => whole > 0n || fraction > 0n)
    .map(([whole, fraction]) => `${whole}.${fraction.toString().padStart(places, '0')}`);
}

/** A pair (crypto ↔ USD, either way) with an amount of the currency given, within its places. */
const pair = fc
  .tuple(fc.constantFrom(...EXCHANGE_CRYPTO), fc.boolean())
  .map(([crypto, toUsd]): [ExchangeCurrency, ExchangeCurrency] => (toUsd ? [crypto, 'USD'] : ['USD', crypto]))
  .chain(([from, to]) => fc.tuple(fc.constant(from), fc.constant(to), positive(9, currencyOf(from).places)));
const usdPrice = fc.oneof(positive(6, 8), positive(1, 8), fc.constant('1'));
const feePercent = fc.oneof(fc.constant('0'), fc.constant('0.2'), fc.constant('100'), positive(2, 4));

describe('flash exchange quote math (properties)', () => {
  it('never gives more than the exact value, rounds only down, and charges the fee rounded up', () => {
    fc.assert(
      fc.property(pair, usdPrice, usdPrice, feePercent, ([from, to, amount], fromUsd, toUsd, percent) => {
        const rate = exchangeRate(fromUsd, toUsd)!;
        // The rate never exceeds the prices' ratio, and is within one unit of its 18th place of it.
        expect(rate.times(toUsd).lte(money(fromUsd))).toBe(true);
        expect(rate.plus(money('10').pow(-EXCHANGE_RATE_PLACES)).times(toUsd).gt(money(fromUsd))).toBe(true);
        const { fee, received } = quoteExchange({ from, to, amount, rate, feePercent: percent });
        const exactFee = money(amount).times(percent).div(100);
        const fromUnit = money('10').pow(-currencyOf(from).places);
        const toUnit = money('10').pow(-currencyOf(to).places);
        // The fee: at least the percentage, less than one unit of the currency's places above it, within its places.
        expect(fee.gte(exactFee)).toBe(true);
        expect(fee.minus(exactFee).lt(fromUnit)).toBe(true);
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(currencyOf(from).places);
        // Received: never more than (amount − fee) at the live prices (compared without any division), …
        const net = money(amount).minus(fee);
        expect(received.gte(0)).toBe(true);
        expect(received.times(toUsd).lte(net.gt(0) ? net.times(fromUsd) : money('0'))).toBe(true);
        // … within the receiving currency's places, and the largest such amount the quoted rate allows.
        expect(received.decimalPlaces()).toBeLessThanOrEqual(currencyOf(to).places);
        if (net.gt(0)) {
          expect(received.lte(net.times(rate))).toBe(true);
          expect(received.plus(toUnit).gt(net.times(rate))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a larger amount never receives less (the rounding is monotonic)', () => {
    fc.assert(
      fc.property(pair, usdPrice, feePercent, positive(3, 8), ([from, to, amount], price, percent, extra) => {
        const rate = to === 'USD' ? exchangeRate(price, '1')! : exchangeRate('1', price)!;
        const more = money(amount).plus(extra).toDecimalPlaces(currencyOf(from).places);
        const a = quoteExchange({ from, to, amount, rate, feePercent: percent }).received;
        const b = quoteExchange({ from, to, amount: more, rate, feePercent: percent }).received;
        expect(b.gte(a)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
