import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '@meridian/contracts';
import type { CandleInterval } from '@meridian/contracts';
import { aggregateTicks, bucketStart } from '../../src/market/candles/candle-math.ts';
import type { CandleBar, TickPoint } from '../../src/market/candles/candle-math.ts';
import { Catalogue } from '../../src/market/catalogue/catalogue.ts';
import { MarketBook } from '../../src/market/market-book.ts';
import { MONDAY_MORNING, instrument, plainCandle } from './market-fixtures.ts';

const plain = plainCandle;

const catalogue = new Catalogue([instrument({ id: 1, code: 'BTCUSDT' })]);

/** The candles a book has handed out for writing, the newest version of each (as the database keeps them). */
function written(book: MarketBook, store: Map<string, CandleBar>): void {
  for (const { interval, bar } of book.takeDirty()) store.set(`${interval}|${bar.openTime}`, { ...bar });
}

function candlesOf(store: Map<string, CandleBar>, interval: CandleInterval) {
  return [...store.entries()]
    .filter(([key]) => key.startsWith(`${interval}|`))
    .map(([, bar]) => bar)
    .sort((a, b) => a.openTime - b.openTime)
    .map(plain);
}

/** Tick gaps from a second to a day: minutes, hours and weeks are crossed, with and without pauses. */
const gaps = fc.array(fc.constantFrom(1_000, 7_000, 59_000, 61_000, 3_600_000, 5 * 3_600_000, 86_400_000), {
  minLength: 1,
  maxLength: 120,
});

describe('MarketBook candles (each tick folds the minute; longer candles are rolled from minutes)', () => {
  it('builds every interval exactly as folding every tick into it would, written at any moments', () => {
    fc.assert(
      fc.property(
        gaps,
        fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 120, maxLength: 120 }),
        fc.array(fc.boolean(), { minLength: 120, maxLength: 120 }),
        (steps, cents, flushes) => {
          const book = new MarketBook(catalogue, { prices: new Map(), hundred: new Map(), hours: new Map(), time: MONDAY_MORNING });
          const store = new Map<string, CandleBar>();
          const ticks: TickPoint[] = [];
          let time = MONDAY_MORNING;
          steps.forEach((gap, i) => {
            time += gap;
            const price = new Decimal(cents[i]!).div(100).toFixed(2);
            const volume = `${(i % 7) + 1}.5`;
            book.apply([{ id: 1, price, volume }], time);
            ticks.push({ time, price: new Decimal(price), volume: new Decimal(volume) });
            if (flushes[i]) written(book, store);
          });
          written(book, store);
          for (const interval of CANDLE_INTERVALS) {
            expect(candlesOf(store, interval)).toEqual(aggregateTicks(ticks, interval).map(plain));
            // What the charts add to the stored candles: the one under way is the last folded one.
            const under = book.unwritten({ instrumentId: 1, interval });
            expect(under.map(plain).at(-1)).toEqual(plain(aggregateTicks(ticks, interval).at(-1)!));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('goes on from the stored candles under way at a start without counting their minute twice', () => {
    // Before the start: ticks at 10:00:05 (2 @ 100.00) and 10:07:20 (3 @ 104.00); a node starts at 10:07:30
    // from what the leader wrote, then ticks at 10:07:40 (1 @ 99.00) and 10:08:10 (4 @ 101.00).
    const at = (hms: string) => Date.parse(`2026-11-23T${hms}Z`);
    const before: TickPoint[] = [
      { time: at('10:00:05'), price: new Decimal('100.00'), volume: new Decimal(2) },
      { time: at('10:07:20'), price: new Decimal('104.00'), volume: new Decimal(3) },
    ];
    const stored = new Map<CandleInterval, CandleBar>();
    for (const interval of CANDLE_INTERVALS) {
      const bar = aggregateTicks(before, interval).at(-1)!;
      if (bar.openTime === bucketStart(interval, at('10:07:30'))) stored.set(interval, bar);
    }
    const book = new MarketBook(catalogue, {
      prices: new Map([[1, '104.00']]),
      hundred: new Map(),
      hours: new Map(),
      current: new Map([[1, stored]]),
      time: at('10:07:30'),
    });
    book.apply([{ id: 1, price: '99.00', volume: '1' }], at('10:07:40'));
    book.apply([{ id: 1, price: '101.00', volume: '4' }], at('10:08:10'));
    const all = [
      ...before,
      { time: at('10:07:40'), price: new Decimal('99.00'), volume: new Decimal(1) },
      { time: at('10:08:10'), price: new Decimal('101.00'), volume: new Decimal(4) },
    ];
    for (const interval of ['1m', '5m', '15m', '1h', '1d'] as const) {
      expect(book.unwritten({ instrumentId: 1, interval }).map(plain)).toEqual(
        aggregateTicks(all, interval)
          .filter((bar) => bar.openTime >= bucketStart(interval, at('10:07:30')))
          .map(plain),
      );
    }
    // The hour under way: open 100.00 (10:00), high 104.00, low 99.00, close 101.00, volume 2+3+1+4.
    expect(plain(book.unwritten({ instrumentId: 1, interval: '1h' }).at(-1)!)).toEqual({
      openTime: '2026-11-23T10:00:00.000Z',
      open: '100',
      high: '104',
      low: '99',
      close: '101',
      volume: '10',
    });
    expect(book.day(1)?.volume.toFixed()).toBe('10');
  });
});
