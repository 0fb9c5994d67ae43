import Decimal from 'decimal.js';
import { CANDLE_INTERVAL_MS, candleOpenTime } from '@meridian/contracts';
import type { CandleInterval } from '@meridian/contracts';
import type { Instrument } from '../catalogue/catalogue.ts';
import { decimalsOf } from '../catalogue/catalogue.ts';
import { isTradingOpen } from '../trading-hours.ts';
import { normal, seededRandom, seedOf } from '../seeded-random.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

export const INTERVAL_MS = CANDLE_INTERVAL_MS;

/** The open time of the candle `time` falls in (UTC; weeks from Monday). */
export const bucketStart = candleOpenTime;

/** A candle being built: prices and volume are exact decimals. */
export interface CandleBar {
  openTime: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
}

export interface TickPoint {
  time: number;
  price: Decimal;
  volume: Decimal;
}

/**
 * Folds one tick into the interval's current candle: the same candle when the tick falls in it, a new
 * one (opening at the tick's price) when it does not. Returns the candle the tick is in.
 */
export function foldTick(current: CandleBar | undefined, interval: CandleInterval, tick: TickPoint): CandleBar {
  const openTime = bucketStart(interval, tick.time);
  if (!current || current.openTime !== openTime) {
    return { openTime, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: tick.volume };
  }
  current.high = Decimal.max(current.high, tick.price);
  current.low = Decimal.min(current.low, tick.price);
  current.close = tick.price;
  current.volume = current.volume.plus(tick.volume);
  return current;
}

/** The candles of a series of ticks (in time order), oldest first. */
export function aggregateTicks(ticks: readonly TickPoint[], interval: CandleInterval): CandleBar[] {
  const out: CandleBar[] = [];
  for (const tick of ticks) {
    const last = out[out.length - 1];
    const next = foldTick(last, interval, tick);
    if (next !== last) out.push(next);
  }
  return out;
}

/** Whether an instrument trades at some point of the bucket (checked at its start and just before its end). */
function bucketTrades(instrument: Instrument, interval: CandleInterval, openTime: number): boolean {
  if (instrument.session === 'always' || interval === '1d' || interval === '1w') return true;
  return isTradingOpen(instrument.session, openTime) || isTradingOpen(instrument.session, openTime + INTERVAL_MS[interval] - MINUTE);
}

const YEAR_MS = 365 * DAY;
/** Each interval is made of whole candles of the next shorter one (weeks of days, days of 4 hours…). */
const PARENT: Partial<Record<CandleInterval, CandleInterval>> = {
  '1d': '1w',
  '4h': '1d',
  '1h': '4h',
  '15m': '1h',
  '5m': '15m',
  '1m': '5m',
};
const CHILD: Partial<Record<CandleInterval, CandleInterval>> = { '1w': '1d', '1d': '4h', '4h': '1h', '1h': '15m', '15m': '5m', '5m': '1m' };

/**
 * One instrument's simulated past, as a single price path seen at every interval: the weekly closes
 * come from a geometric random walk run backwards from the anchor (the first live price), and each
 * shorter interval fills a longer candle with a Brownian bridge between its open and its close. So
 * the 15-minute chart, the hourly candles behind the 24 h figures and the weekly chart all follow the
 * same prices. Every bridge is seeded by the instrument, the interval and the candle's time, so a
 * candle is the same whichever range asks for it (nodes and back-fills always agree).
 */
class SimulatedPast {
  private readonly end: number;
  private readonly weekStart: number;
  private readonly weekly: number[] = [];
  private readonly weeklyRandom: () => number;
  private readonly bridges = new Map<string, number[]>();

  constructor(
    private readonly instrument: Instrument,
    private readonly seed: number,
  ) {
    // Live candles begin in the anchor's minute: the past ends there, at the anchor price.
    this.end = bucketStart('1m', instrument.anchorAt);
    this.weekStart = bucketStart('1w', this.end);
    this.weeklyRandom = seededRandom(seedOf(`${instrument.code}|1w`, seed));
  }

  private sigma(ms: number): number {
    return this.instrument.volatility * Math.sqrt(Math.max(ms, 0) / YEAR_MS);
  }

  /** The price at the start of the week `k` weeks before the anchor's week. */
  private weekOpen(k: number): number {
    while (this.weekly.length <= k) {
      const n = this.weekly.length;
      const later = n === 0 ? this.instrument.anchorPrice.toNumber() : this.weekly[n - 1]!;
      const span = n === 0 ? this.end - this.weekStart : INTERVAL_MS['1w'];
      this.weekly.push(later * Math.exp(-this.sigma(span) * normal(this.weeklyRandom)));
    }
    return this.weekly[k]!;
  }

  /** The close of the candle of `interval` opening at `start` (the anchor price for the one the anchor is in). */
  close(interval: CandleInterval, start: number): number {
    const length = INTERVAL_MS[interval];
    if (start + length > this.end) return this.instrument.anchorPrice.toNumber();
    const parent = PARENT[interval];
    if (!parent) return this.weekOpen((this.weekStart - start) / length - 1);
    const parentStart = bucketStart(parent, start);
    return this.bridge(interval, parentStart)[(start - parentStart) / length]!;
  }

  /** The open of a candle: the close of the one before. */
  open(interval: CandleInterval, start: number): number {
    return this.close(interval, start - INTERVAL_MS[interval]);
  }

  /** The closes of the `interval` candles inside the longer candle opening at `parentStart`. */
  private bridge(interval: CandleInterval, parentStart: number): number[] {
    const key = `${interval}|${parentStart}`;
    const known = this.bridges.get(key);
    if (known) return known;
    const parent = PARENT[interval]!;
    const step = INTERVAL_MS[interval];
    const stop = Math.min(parentStart + INTERVAL_MS[parent], this.end);
    const from = Math.log(this.open(parent, parentStart));
    const to = Math.log(this.close(parent, parentStart));
    const random = seededRandom(seedOf(`${this.instrument.code}|${interval}|${parentStart}`, this.seed));
    const walk: number[] = [];
    const times: number[] = [];
    let w = 0;
    for (let t = parentStart; t < stop; t += step) {
      const dt = Math.min(step, stop - t);
      w += this.sigma(dt) * normal(random);
      walk.push(w);
      times.push(t + dt - parentStart);
    }
    const total = times[times.length - 1] ?? 1;
    const drift = w - (to - from);
    const closes = walk.map((value, i) => Math.exp(from + value - (times[i]! / total) * drift));
    this.bridges.set(key, closes);
    return closes;
  }

  /** High and low of a candle: the path of its shorter candles (or, for a minute, a few steps inside it). */
  extremes(interval: CandleInterval, start: number, open: number, close: number): [number, number] {
    const child = CHILD[interval];
    const random = seededRandom(seedOf(`${this.instrument.code}|${interval}|${start}|range`, this.seed));
    const points = [open, close];
    if (child) points.push(...this.bridge(child, start));
    const high = Math.max(...points) * Math.exp(Math.abs(this.sigma(INTERVAL_MS[child ?? interval] / 4) * normal(random)));
    const low = Math.min(...points) * Math.exp(-Math.abs(this.sigma(INTERVAL_MS[child ?? interval] / 4) * normal(random)));
    return [high, low];
  }
}

/**
 * The simulated history of an instrument before its anchor: the newest `count` candles of `interval`
 * that open before the anchor's candle, oldest first; candles of closed sessions are left out. The
 * last minute closes at the anchor price. Deterministic (instrument, interval, `seed`) and the same
 * candle whatever `count` asks for, at every interval the same price path (see `SimulatedPast`).
 */
export function generateHistory(instrument: Instrument, interval: CandleInterval, count: number, seed = 0): CandleBar[] {
  const past = new SimulatedPast(instrument, seed);
  const places = decimalsOf(instrument);
  const round = (x: number) => {
    const d = new Decimal(x).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    return d.lte(0) ? instrument.tickSize : d;
  };
  const length = INTERVAL_MS[interval];
  const volumeRandom = seededRandom(seedOf(`${instrument.code}|${interval}|volume`, seed));
  const volumePerBar = instrument.dailyVolumeUsd.toNumber() * (length / DAY);
  const bars: CandleBar[] = [];
  let openTime = bucketStart(interval, instrument.anchorAt) - length;
  // Enough steps to cross a weekend and a stock's closed hours (about a fifth of its buckets trade).
  const maxSteps = count * 6 + Math.ceil((7 * DAY) / length);
  for (let guard = 0; bars.length < count && guard < maxSteps; guard++, openTime -= length) {
    const volume = volumePerBar * (0.3 + 1.4 * volumeRandom());
    if (!bucketTrades(instrument, interval, openTime)) continue;
    const open = past.open(interval, openTime);
    const close = past.close(interval, openTime);
    const [high, low] = past.extremes(interval, openTime, open, close);
    bars.push({
      openTime,
      open: round(open),
      high: round(high),
      low: round(low),
      close: round(close),
      volume: new Decimal(volume).toDecimalPlaces(2),
    });
  }
  return bars.reverse();
}
