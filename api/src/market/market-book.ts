import Decimal from 'decimal.js';
import { CANDLE_INTERVALS } from '@meridian/contracts';
import type { CandleInterval, MarketItem } from '@meridian/contracts';
import type { Catalogue, Instrument } from './catalogue/catalogue.ts';
import { decimalsOf } from './catalogue/catalogue.ts';
import { bucketStart, foldTick } from './candles/candle-math.ts';
import type { CandleBar } from './candles/candle-math.ts';
import type { CandleKey } from './candles/candle-store.ts';
import type { FeedTick } from './market-feed.ts';

/** SPEC §8: the chart keeps 100 points. */
export const SERIES_LENGTH = 100;
const HOUR = 3600_000;

interface InstrumentState {
  readonly instrument: Instrument;
  /** The day's open, for the hour it was worked out in (the change % needs it on every tick). */
  dayOpen: { hour: number; open: Decimal } | null;
  price: Decimal;
  priceText: string;
  hundred: string[];
  /** The 1-minute candle being built: a tick folds into this one alone. */
  minute: CandleBar | undefined;
  /**
   * Per longer interval, its candle under way without the current minute: the closed minutes of its bucket
   * rolled up, once a minute. The candle itself is this and the minute together (`MarketBook.bar`).
   */
  readonly rolled: Map<CandleInterval, CandleBar>;
  /** Closed hourly candles of the last day: the 24 h figures come from these and the current one. */
  hours: CandleBar[];
  zdf: string;
  /** The price changes of the last RECENT_PRICES_MS, oldest first (the current price is the last). */
  recent: Quote[];
}

export interface DayFigures {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
}

export interface BookStart {
  /** Last price per instrument; the anchor price when absent. */
  prices: ReadonlyMap<number, string>;
  hundred: ReadonlyMap<number, string[]>;
  /** Hourly candles of (at least) the last day per instrument, oldest first. */
  hours: ReadonlyMap<number, CandleBar[]>;
  /** The stored candles of the buckets under way, per instrument: building goes on from them. */
  current?: ReadonlyMap<number, ReadonlyMap<CandleInterval, CandleBar>>;
  /** When the book starts: the time its starting prices are quoted at. */
  time?: number;
}

/**
 * How long each instrument's recent price changes are kept: options settle from them (the longest period is
 * minutes and settlement runs every second) and triggers look back over the ticks a busy run skipped.
 */
export const RECENT_PRICES_MS = 10 * 60_000;

/** A price and the time of the feed tick that set it. */
export interface Quote {
  price: string;
  time: number;
}

/** The intervals built from whole minutes (each nests the minutes of its bucket). */
const LONGER_INTERVALS = CANDLE_INTERVALS.filter((interval) => interval !== '1m');

/** A closed minute added to a longer candle of the bucket `openTime` (a new candle when there is none). */
function rollInto(rolled: CandleBar | undefined, openTime: number, minute: CandleBar): CandleBar {
  if (!rolled) return { ...minute, openTime };
  rolled.high = Decimal.max(rolled.high, minute.high);
  rolled.low = Decimal.min(rolled.low, minute.low);
  rolled.close = minute.close;
  rolled.volume = rolled.volume.plus(minute.volume);
  return rolled;
}

/**
 * The stored candles under way at a start (all of the current buckets, written together by the leader): the
 * minute goes on as it was, and each longer candle without that minute's volume, which the minute still carries
 * (its high and low may stay: taking them twice changes nothing).
 */
function startingCandles(stored: ReadonlyMap<CandleInterval, CandleBar> | undefined): Pick<InstrumentState, 'minute' | 'rolled'> {
  const minute = stored?.get('1m');
  const rolled = new Map<CandleInterval, CandleBar>();
  for (const interval of LONGER_INTERVALS) {
    const bar = stored?.get(interval);
    if (!bar) continue;
    const inBucket = minute && bucketStart(interval, minute.openTime) === bar.openTime;
    const volume = inBucket ? Decimal.max(0, bar.volume.minus(minute.volume)) : bar.volume;
    rolled.set(interval, { ...bar, volume });
  }
  return { minute: minute && { ...minute }, rolled };
}

/**
 * What one API node knows of the market: each instrument's price, its last 100 prices, the candles
 * being built and the 24 h figures. Every node applies the same ticks (the feed's leader publishes
 * them), so every node's book is the same; only the leader writes candles to the database.
 */
export class MarketBook {
  private readonly states = new Map<number, InstrumentState>();
  /** Closed and rolled-up candles not yet taken for writing (once a minute per instrument and interval). */
  private dirty = new Map<string, CandleKey & { bar: CandleBar }>();
  /** Instruments whose minute ticked since the last take: all their candles under way are written. */
  private ticked = new Set<number>();
  /** When the book started: its first quote of each instrument is the starting price, not a tick the feed published then. */
  readonly startedAt: number;

  constructor(
    readonly catalogue: Catalogue,
    start: BookStart,
  ) {
    this.startedAt = start.time ?? 0;
    for (const instrument of catalogue.all) {
      const places = decimalsOf(instrument);
      const price = new Decimal(start.prices.get(instrument.id) ?? instrument.anchorPrice);
      const hundred = (start.hundred.get(instrument.id) ?? []).map((p) => new Decimal(p).toFixed(places)).slice(-SERIES_LENGTH);
      const priceText = price.toFixed(places);
      if (hundred[hundred.length - 1] !== priceText) hundred.push(priceText);
      if (hundred.length > SERIES_LENGTH) hundred.shift();
      const state: InstrumentState = {
        instrument,
        price,
        priceText,
        hundred,
        ...startingCandles(start.current?.get(instrument.id)),
        hours: [...(start.hours.get(instrument.id) ?? [])],
        zdf: '0.00',
        dayOpen: null,
        recent: [{ price: priceText, time: start.time ?? 0 }],
      };
      this.states.set(instrument.id, state);
      state.zdf = this.changePercent(state);
    }
  }

  private state(id: number): InstrumentState | undefined {
    return this.states.get(id);
  }

  /** Applies one tick batch; returns the ids whose price changed. */
  apply(ticks: readonly FeedTick[], time: number): number[] {
    const changed: number[] = [];
    for (const tick of ticks) {
      const state = this.states.get(tick.id);
      if (!state) continue;
      const price = new Decimal(tick.price);
      const point = { time, price, volume: new Decimal(tick.volume) };
      const minute = state.minute;
      if (minute && minute.openTime !== bucketStart('1m', time)) this.rollMinute(state, minute, time);
      state.minute = foldTick(state.minute, '1m', point);
      this.ticked.add(tick.id);
      if (tick.price === state.priceText) continue;
      state.price = price;
      state.priceText = tick.price;
      state.hundred.push(tick.price);
      if (state.hundred.length > SERIES_LENGTH) state.hundred.shift();
      state.zdf = this.changePercent(state);
      state.recent.push({ price: tick.price, time });
      while (state.recent.length > 1 && state.recent[1]!.time <= time - RECENT_PRICES_MS) state.recent.shift();
      changed.push(tick.id);
    }
    return changed;
  }

  /**
   * A minute closed (the first tick of the next one came): it is rolled into each longer interval's candle of
   * its bucket, and a longer candle whose bucket the new minute leaves is closed (the hourly one joins the day's
   * hours). Once a minute per instrument, instead of every interval on every tick.
   */
  private rollMinute(state: InstrumentState, closed: CandleBar, now: number): void {
    const id = state.instrument.id;
    this.markDirty(id, '1m', closed);
    for (const interval of LONGER_INTERVALS) {
      const openTime = bucketStart(interval, closed.openTime);
      let rolled = state.rolled.get(interval);
      // A candle left from before a pause in the ticks is closed before the minute opens the next one.
      if (rolled && rolled.openTime < openTime) {
        this.closeRolled(state, interval, rolled);
        rolled = undefined;
      }
      // A minute older than the stored candle under way (only at a start) is already in it.
      if (!rolled || rolled.openTime === openTime) {
        rolled = rollInto(rolled, openTime, closed);
        state.rolled.set(interval, rolled);
      }
      if (rolled.openTime !== bucketStart(interval, now)) this.closeRolled(state, interval, rolled);
    }
  }

  /** A longer candle whose bucket ended: written once more, and the hourly one joins the day's hours. */
  private closeRolled(state: InstrumentState, interval: CandleInterval, rolled: CandleBar): void {
    this.markDirty(state.instrument.id, interval, rolled);
    if (interval === '1h') state.hours = [...state.hours, rolled].slice(-24);
    state.rolled.delete(interval);
  }

  private markDirty(instrumentId: number, interval: CandleInterval, bar: CandleBar): void {
    this.dirty.set(`${instrumentId}|${interval}|${bar.openTime}`, { instrumentId, interval, bar });
  }

  /**
   * The candle an instrument is building at an interval: the minute itself, or the longer candle's rolled-up
   * minutes and the current one together (a new object; undefined before any tick or stored candle).
   */
  private bar(state: InstrumentState, interval: CandleInterval): CandleBar | undefined {
    const minute = state.minute;
    if (interval === '1m') return minute;
    const rolled = state.rolled.get(interval);
    if (!minute) return rolled;
    const openTime = bucketStart(interval, minute.openTime);
    if (!rolled || rolled.openTime !== openTime) return { ...minute, openTime };
    return {
      openTime,
      open: rolled.open,
      high: Decimal.max(rolled.high, minute.high),
      low: Decimal.min(rolled.low, minute.low),
      close: minute.close,
      volume: rolled.volume.plus(minute.volume),
    };
  }

  /** The candles changed since the last call (the leader writes them; other nodes drop them). */
  takeDirty(): (CandleKey & { bar: CandleBar })[] {
    const rows = new Map(this.dirty);
    for (const instrumentId of this.ticked) {
      const state = this.states.get(instrumentId)!;
      for (const interval of CANDLE_INTERVALS) {
        const bar = this.bar(state, interval);
        if (bar) rows.set(`${instrumentId}|${interval}|${bar.openTime}`, { instrumentId, interval, bar });
      }
    }
    this.dirty = new Map();
    this.ticked = new Set();
    return [...rows.values()];
  }

  /** Candles of one key that the database may not have yet (the one being built, unwritten ones). */
  unwritten(key: CandleKey): CandleBar[] {
    const out = new Map<number, CandleBar>();
    for (const row of this.dirty.values()) {
      if (row.instrumentId === key.instrumentId && row.interval === key.interval) out.set(row.bar.openTime, row.bar);
    }
    const state = this.states.get(key.instrumentId);
    const current = state && this.bar(state, key.interval);
    if (current) out.set(current.openTime, current);
    return [...out.values()].sort((a, b) => a.openTime - b.openTime);
  }

  /** The last day's figures from the hourly candles (the current one included). */
  day(id: number): DayFigures | undefined {
    const state = this.state(id);
    if (!state) return undefined;
    const current = this.bar(state, '1h');
    const reference = current?.openTime ?? bucketStart('1h', Date.now());
    const window = [...state.hours, ...(current ? [current] : [])].filter((b) => b.openTime > reference - 24 * HOUR);
    if (window.length === 0) return { open: state.price, high: state.price, low: state.price, volume: new Decimal(0) };
    return {
      open: window[0]!.open,
      high: Decimal.max(state.price, ...window.map((b) => b.high)),
      low: Decimal.min(state.price, ...window.map((b) => b.low)),
      volume: window.reduce((sum, b) => sum.plus(b.volume), new Decimal(0)),
    };
  }

  /** The price 24 hours back (the open of the day's first hourly candle), worked out once an hour. */
  private dayOpen(state: InstrumentState): Decimal {
    const minute = state.minute?.openTime ?? state.rolled.get('1h')?.openTime;
    const hour = minute === undefined ? bucketStart('1h', Date.now()) : bucketStart('1h', minute);
    if (state.dayOpen?.hour !== hour) state.dayOpen = { hour, open: this.day(state.instrument.id)!.open };
    return state.dayOpen.open;
  }

  private changePercent(state: InstrumentState): string {
    const open = this.dayOpen(state);
    if (open.isZero()) return '0.00';
    return state.price.minus(open).div(open).mul(100).toFixed(2);
  }

  /** One instrument as the calls and the live connection carry it; `series` adds the last 100 prices. */
  item(id: number, series: boolean): MarketItem | undefined {
    const state = this.state(id);
    if (!state) return undefined;
    const { instrument } = state;
    return {
      id: instrument.id,
      code: instrument.code,
      type: instrument.type,
      name: instrument.name,
      logo: instrument.logo,
      nowPrice: state.priceText,
      zdf: state.zdf,
      hundred: series ? [...state.hundred] : [],
    };
  }

  /** `[id, price, change %]` of a changed instrument, as a tick frame carries it. */
  tick(id: number): [number, string, string] | undefined {
    const state = this.state(id);
    return state ? [id, state.priceText, state.zdf] : undefined;
  }

  /** The current price and the time of the tick that set it. */
  quote(id: number): Quote | undefined {
    const recent = this.state(id)?.recent;
    return recent?.[recent.length - 1];
  }

  /**
   * The price in effect at `time`: the last change at or before it, with that tick's time; undefined
   * when the kept changes do not reach back to `time` (a node that started later).
   */
  quoteAt(id: number, time: number): Quote | undefined {
    const recent = this.state(id)?.recent;
    if (!recent) return undefined;
    for (let i = recent.length - 1; i >= 0; i--) if (recent[i]!.time <= time) return recent[i];
    return undefined;
  }

  /** The price changes of an instrument after `since` (oldest first), as far back as they are kept. */
  changesSince(id: number, since: number): Quote[] {
    const recent = this.state(id)?.recent ?? [];
    let i = recent.length;
    while (i > 0 && recent[i - 1]!.time > since) i--;
    return recent.slice(i);
  }

  price(id: number): Decimal | undefined {
    return this.state(id)?.price;
  }

  zdf(id: number): string {
    return this.state(id)?.zdf ?? '0.00';
  }

  /** Every instrument's last price (a node taking the feed over goes on from these). */
  prices(): Map<number, string> {
    return new Map([...this.states.values()].map((s) => [s.instrument.id, s.priceText]));
  }

  /** What a node that starts later begins from: prices and series. */
  snapshot(): [number, string, string[]][] {
    return [...this.states.values()].map((s) => [s.instrument.id, s.priceText, s.hundred]);
  }
}
