// Sanity checks of the seeded instrument catalogue data.
import { createRequire } from 'node:module';
import { MARKET_TYPES } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { CRYPTO_RANK, CRYPTO_REFERENCE } from '../../src/market/catalogue/crypto-reference.ts';
import { ETFS, FOREX, FUTURES, METALS, STOCKS } from '../../src/market/catalogue/traditional-instruments.ts';

const manifest = createRequire(import.meta.url)('cryptocurrency-icons/manifest.json') as { symbol: string; name: string }[];
const manifestSymbols = new Set(manifest.map((entry) => entry.symbol));

const DECIMAL = /^\d+(\.\d+)?$/;
const POWER_OF_TEN = /^(1|0\.0*1)$/;
const decimals = (value: string) => value.split('.')[1]?.length ?? 0;
const isPositive = (value: string) => DECIMAL.test(value) && /[1-9]/.test(value);

describe('crypto reference data', () => {
  it('covers at least 380 symbols of the cryptocurrency-icons manifest', () => {
    const symbols = Object.keys(CRYPTO_REFERENCE);
    expect(symbols.length).toBeGreaterThanOrEqual(380);
    for (const symbol of symbols) expect(manifestSymbols.has(symbol), symbol).toBe(true);
  });

  it('has positive decimal prices and integer daily volumes', () => {
    for (const [symbol, { price, dailyVolumeUsd }] of Object.entries(CRYPTO_REFERENCE)) {
      expect(isPositive(price), `${symbol} price ${price}`).toBe(true);
      expect(dailyVolumeUsd, symbol).toMatch(/^[1-9]\d*$/);
    }
  });

  it('ranks only known, unique symbols', () => {
    expect(CRYPTO_RANK.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CRYPTO_RANK).size).toBe(CRYPTO_RANK.length);
    for (const symbol of CRYPTO_RANK) {
      expect(manifestSymbols.has(symbol), symbol).toBe(true);
      expect(CRYPTO_REFERENCE[symbol], symbol).toBeDefined();
    }
    expect(CRYPTO_RANK.slice(0, 2)).toEqual(['BTC', 'ETH']);
  });
});

describe('traditional instruments', () => {
  const all = [...FOREX, ...STOCKS, ...ETFS, ...FUTURES, ...METALS];

  it('has enough instruments per market', () => {
    expect(FOREX.length).toBeGreaterThanOrEqual(28);
    expect(STOCKS.length).toBeGreaterThanOrEqual(50);
    expect(ETFS.length).toBeGreaterThanOrEqual(15);
    expect(FUTURES.length).toBeGreaterThanOrEqual(10);
    expect(METALS.length).toBeGreaterThanOrEqual(4);
  });

  it('uses unique codes across all lists', () => {
    const codes = all.map((instrument) => instrument.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('quotes positive reference prices on a power-of-ten tick', () => {
    for (const { code, referencePrice, tickSize } of all) {
      expect(tickSize, code).toMatch(POWER_OF_TEN);
      expect(isPositive(referencePrice), `${code} price ${referencePrice}`).toBe(true);
      expect(decimals(referencePrice), `${code} price ${referencePrice} vs tick ${tickSize}`).toBeLessThanOrEqual(decimals(tickSize));
    }
  });

  it('has ascending positive integer leverages and decimal sizes', () => {
    for (const { code, leverages, contractSize, volatility, dailyVolumeUsd, icon } of all) {
      expect(leverages.length, code).toBeGreaterThan(0);
      leverages.forEach((leverage, i) => {
        expect(Number.isInteger(leverage) && leverage > 0, `${code} leverage ${leverage}`).toBe(true);
        if (i > 0) expect(leverage, code).toBeGreaterThan(leverages[i - 1]!);
      });
      expect(isPositive(contractSize), code).toBe(true);
      expect(isPositive(volatility), code).toBe(true);
      expect(dailyVolumeUsd, code).toMatch(/^[1-9]\d*$/);
      expect(icon, code).toBeUndefined();
    }
  });

  it('gives each list its market type and session', () => {
    const expectations = [
      [FOREX, MARKET_TYPES.forex, 'forex'],
      [STOCKS, MARKET_TYPES.stocks, 'us-equity'],
      [ETFS, MARKET_TYPES.etfs, 'us-equity'],
      [FUTURES, MARKET_TYPES.futures, 'futures'],
      [METALS, MARKET_TYPES.metals, 'metals'],
    ] as const;
    for (const [list, type, session] of expectations) {
      for (const instrument of list) {
        expect(instrument.type, instrument.code).toBe(type);
        expect(instrument.session, instrument.code).toBe(session);
      }
    }
  });
});
