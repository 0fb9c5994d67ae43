import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { CandleInterval } from '@meridian/contracts';
import { INTERVAL_MS, aggregateTicks, bucketStart, foldTick, generateHistory } from '../../src/market/candles/candle-math.ts';
import type { CandleBar, TickPoint } from '../../src/market/candles/candle-math.ts';
import { isTradingOpen } from '../../src/market/trading-hours.ts';
import { MONDAY_MORNING, instrument, onTick, plainCandle } from './market-fixtures.ts';

const at = (iso: string) => Date.parse(iso);
const tick = (iso: string, price: string, volume: string): TickPoint => ({
  time: at(iso),
  price: new Decimal(price),
  volume: new Decimal(volume),
});
const plain = plainCandle;

describe('bucketStart', () => {
  it('cuts minutes, hours and days on UTC boundaries', () => {
    const t = at('2026-11-25T10:37:42.123Z');
    expect(new Date(bucketStart('1m', t)).toISOString()).toBe('2026-11-25T10:37:00.000Z');
    expect(new Date(bucketStart('5m', t)).toISOString()).toBe('2026-11-25T10:35:00.000Z');
    expect(new Date(bucketStart('15m', t)).toISOString()).toBe('2026-11-25T10:30:00.000Z');
    expect(new Date(bucketStart('1h', t)).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(new Date(bucketStart('4h', t)).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(new Date(bucketStart('1d', t)).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // Wednesday, Sunday night and Monday midnight.
    expect(new Date(bucketStart('1w', at('2026-11-25T10:00:00Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(bucketStart('1w', at('2026-11-29T23:59:59.999Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(bucketStart('1w', at('2026-11-30T00:00:00Z'))).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(bucketStart('1w', at('1970-01-04T12:00:00Z'))).toISOString()).toBe('1969-12-29T00:00:00.000Z');
    for (const t of [at('2026-01-01T00:00:00Z'), at('2027-06-15T18:00:00Z'), at('2028-02-29T03:00:00Z')]) {
      expect(new Date(bucketStart('1w', t)).getUTCDay()).toBe(1);
    }
  });
});

describe('candle aggregation', () => {
  const ticks = [
    tick('2026-11-23T10:00:05Z', '100.5', '1.1'),
    tick('2026-11-23T10:00:40Z', '101.25', '2.2'),
    tick('2026-11-23T10:00:59.999Z', '99.75', '0.3'),
    tick('2026-11-23T10:01:00Z', '100', '1'),
    tick('2026-11-23T10:04:10Z', '100.1', '0.05'),
    tick('2026-11-23T10:05:00Z', '98.3', '4'),
  ];

  it('1m: open is the first tick, close the last, high/low/volume exact; no candle where nothing traded', () => {
    expect(aggregateTicks(ticks, '1m').map(plain)).toEqual([
      { openTime: '2026-11-23T10:00:00.000Z', open: '100.5', high: '101.25', low: '99.75', close: '99.75', volume: '3.6' },
      { openTime: '2026-11-23T10:01:00.000Z', open: '100', high: '100', low: '100', close: '100', volume: '1' },
      { openTime: '2026-11-23T10:04:00.000Z', open: '100.1', high: '100.1', low: '100.1', close: '100.1', volume: '0.05' },
      { openTime: '2026-11-23T10:05:00.000Z', open: '98.3', high: '98.3', low: '98.3', close: '98.3', volume: '4' },
    ]);
  });

  it('5m and 1h group the same ticks into wider candles', () => {
    expect(aggregateTicks(ticks, '5m').map(plain)).toEqual([
      { openTime: '2026-11-23T10:00:00.000Z', open: '100.5', high: '101.25', low: '99.75', close: '100.1', volume: '4.65' },
      { openTime: '2026-11-23T10:05:00.000Z', open: '98.3', high: '98.3', low: '98.3', close: '98.3', volume: '4' },
    ]);
    expect(aggregateTicks(ticks, '1h').map(plain)).toEqual([
      { openTime: '2026-11-23T10:00:00.000Z', open: '100.5', high: '101.25', low: '98.3', close: '98.3', volume: '8.65' },
    ]);
  });

  it('1d splits at midnight UTC, 1w at Monday 00:00 UTC', () => {
    const aroundWeek = [
      tick('2026-11-21T09:00:00Z', '0.2', '0.1'), // Saturday
      tick('2026-11-22T23:59:59.999Z', '0.3', '0.2'), // Sunday, last instant of the week
      tick('2026-11-23T00:00:00Z', '0.1', '0.7'), // Monday: a new week
      tick('2026-11-25T12:00:00Z', '0.45', '0.3'),
      tick('2026-11-29T23:00:00Z', '0.4', '1.05'),
    ];
    expect(aggregateTicks(aroundWeek, '1w').map(plain)).toEqual([
      { openTime: '2026-11-16T00:00:00.000Z', open: '0.2', high: '0.3', low: '0.2', close: '0.3', volume: '0.3' },
      { openTime: '2026-11-23T00:00:00.000Z', open: '0.1', high: '0.45', low: '0.1', close: '0.4', volume: '2.05' },
    ]);
    expect(aggregateTicks(aroundWeek, '1d').map(plain)).toEqual([
      { openTime: '2026-11-21T00:00:00.000Z', open: '0.2', high: '0.2', low: '0.2', close: '0.2', volume: '0.1' },
      { openTime: '2026-11-22T00:00:00.000Z', open: '0.3', high: '0.3', low: '0.3', close: '0.3', volume: '0.2' },
      { openTime: '2026-11-23T00:00:00.000Z', open: '0.1', high: '0.1', low: '0.1', close: '0.1', volume: '0.7' },
      { openTime: '2026-11-25T00:00:00.000Z', open: '0.45', high: '0.45', low: '0.45', close: '0.45', volume: '0.3' },
      { openTime: '2026-11-29T00:00:00.000Z', open: '0.4', high: '0.4', low: '0.4', close: '0.4', volume: '1.05' },
    ]);
  });

  it('foldTick grows the current candle in place and opens a new one at the next bucket', () => {
    const first = foldTick(undefined, '15m', tick('2026-11-23T10:14:00Z', '10', '1'));
    const same = foldTick(first, '15m', tick('2026-11-23T10:14:59Z', '12', '2'));
    expect(same).toBe(first);
    expect(plain(same)).toMatchObject({ open: '10', high: '12', low: '10', close: '12', volume: '3' });
    const next = foldTick(same, '15m', tick('2026-11-23T10:15:00Z', '11', '0.5'));
    expect(next).not.toBe(first);
    expect(plain(next)).toEqual({ openTime: '2026-11-23T10:15:00.000Z', open: '11', high: '11', low: '11', close: '11', volume: '0.5' });
    // The closed candle was not touched by the next bucket's tick.
    expect(plain(first)).toMatchObject({ close: '12', volume: '3' });
  });
});

describe('generateHistory', () => {
  const btc = instrument({ id: 1, code: 'BTC/USDT', anchorPrice: new Decimal('65000.00') });
  const key = (bars: CandleBar[]) => bars.map(plain);

  it('is deterministic per seed, and another seed gives another history', () => {
    expect(key(generateHistory(btc, '1h', 120, 42))).toEqual(key(generateHistory(btc, '1h', 120, 42)));
    expect(key(generateHistory(btc, '1h', 120, 43))).not.toEqual(key(generateHistory(btc, '1h', 120, 42)));
  });

  it('is prefix-stable: the newest N candles are the same whatever count asks for', () => {
    for (const interval of ['1m', '1h', '1d', '1w'] as CandleInterval[]) {
      const long = generateHistory(btc, interval, 300, 7);
      const short = generateHistory(btc, interval, 40, 7);
      expect(long).toHaveLength(300);
      expect(short).toHaveLength(40);
      expect(key(short)).toEqual(key(long.slice(-40)));
    }
  });

  it('ends at the anchor: the newest candle is the one just before the anchor bucket; the last minute closes at the anchor price', () => {
    for (const interval of ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as CandleInterval[]) {
      const bars = generateHistory(btc, interval, 50, 3);
      expect(bars, interval).toHaveLength(50);
      expect(bars[bars.length - 1]!.openTime, interval).toBe(bucketStart(interval, btc.anchorAt) - INTERVAL_MS[interval]);
    }
    const minutes = generateHistory(btc, '1m', 50, 3);
    expect(minutes[minutes.length - 1]!.close.toFixed(2)).toBe('65000.00');
    // Another anchor price, the same seed: the history ends there instead.
    const cheaper = generateHistory({ ...btc, anchorPrice: new Decimal('123.45') }, '1m', 5, 3);
    expect(cheaper[cheaper.length - 1]!.close.toFixed(2)).toBe('123.45');
  });

  it('chains candles (each opens where the previous closed), on tick, with high/low around open and close', () => {
    const bars = generateHistory(btc, '15m', 200, 11);
    bars.forEach((bar, i) => {
      for (const price of [bar.open, bar.high, bar.low, bar.close]) expect(onTick(price.toFixed(), btc.tickSize)).toBe(true);
      expect(bar.high.gte(Decimal.max(bar.open, bar.close))).toBe(true);
      expect(bar.low.lte(Decimal.min(bar.open, bar.close))).toBe(true);
      expect(bar.low.gt(0)).toBe(true);
      expect(bar.volume.gt(0)).toBe(true);
      if (i > 0) {
        expect(bar.openTime - bars[i - 1]!.openTime).toBe(INTERVAL_MS['15m']);
        expect(bar.open.eq(bars[i - 1]!.close)).toBe(true);
      }
    });
  });

  it("skips a stock's closed sessions (nights, weekends) and its last minute closes at the anchor price", () => {
    // Anchored on a Wednesday afternoon, in the session.
    const aapl = instrument({
      id: 2,
      code: 'AAPL',
      type: 3,
      session: 'us-equity',
      volatility: 0.3,
      anchorPrice: new Decimal('190.25'),
      anchorAt: Date.UTC(2026, 10, 25, 15, 0),
    });
    for (const [interval, count] of [
      ['1m', 600],
      ['15m', 200],
      ['1h', 100],
    ] as [CandleInterval, number][]) {
      const bars = generateHistory(aapl, interval, count, 5);
      expect(bars, interval).toHaveLength(count);
      // The history reaches back over at least one night (and, hourly, a weekend): there are gaps.
      expect(bars[bars.length - 1]!.openTime - bars[0]!.openTime, interval).toBeGreaterThan(count * INTERVAL_MS[interval]);
      for (const bar of bars) {
        const day = new Date(bar.openTime).getUTCDay();
        expect(day === 0 || day === 6, `${interval} ${new Date(bar.openTime).toISOString()}`).toBe(false);
        const trades =
          isTradingOpen('us-equity', bar.openTime) || isTradingOpen('us-equity', bar.openTime + INTERVAL_MS[interval] - 60_000);
        expect(trades, `${interval} ${new Date(bar.openTime).toISOString()}`).toBe(true);
      }
    }
    const minutes = generateHistory(aapl, '1m', 80, 5);
    expect(new Date(minutes[minutes.length - 1]!.openTime).toISOString()).toBe('2026-11-25T14:59:00.000Z');
    expect(minutes[minutes.length - 1]!.close.toFixed(2)).toBe('190.25');
    // Minute candles of a stock are all in 13:30–20:00.
    for (const bar of generateHistory(aapl, '1m', 600, 5)) expect(isTradingOpen('us-equity', bar.openTime)).toBe(true);
  });

  it('fills the asked count for a stock even across a weekend (the chart of a Monday morning is not empty)', () => {
    const aapl = instrument({ id: 2, code: 'AAPL', type: 3, session: 'us-equity', anchorPrice: new Decimal('190.25') });
    // Anchored on Monday 05:00: the last session ended on Friday at 20:00.
    for (const [interval, count] of [
      ['1m', 100],
      ['1m', 600],
      ['5m', 500],
      ['15m', 500],
      ['1h', 500],
      ['4h', 400],
    ] as [CandleInterval, number][]) {
      expect(generateHistory(aapl, interval, count, 9).length, interval).toBe(count);
    }
    expect(new Date(generateHistory(aapl, '1m', 1, 9)[0]!.openTime).toISOString()).toBe('2026-11-20T19:59:00.000Z');
    expect(MONDAY_MORNING).toBe(aapl.anchorAt);
  });
});
