import Decimal from 'decimal.js';
import type { MarketItem } from '@meridian/contracts';
import { SIMULATED_INSTRUMENTS } from './instruments.ts';
import type { InstrumentSeed } from './instruments.ts';

/** SPEC §8: the chart keeps 100 points. */
export const SERIES_LENGTH = 100;

export interface MarketFeed {
  /** True for the built-in simulator, so screens can label simulated prices. */
  readonly simulated: boolean;
  snapshot(): MarketItem[];
  /** Advances the feed and returns the instruments whose price changed. */
  tick(): MarketItem[];
  /**
   * Goes on from prices another node published (this node takes the feed over). A feed that follows
   * a real market has nothing to do here.
   */
  resume?(items: MarketItem[]): void;
}

interface State {
  readonly id: number;
  readonly seed: InstrumentSeed;
  open: Decimal;
  series: Decimal[];
}

/** A seeded pseudo-random generator (mulberry32), so a run can be replayed in tests. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The built-in market simulator: each instrument follows a random walk with small jitter
 * (≤ 0.05 % a step), starting from a 100-point history. Prices are exact decimals.
 */
export class MarketSimulator implements MarketFeed {
  readonly simulated = true;
  private readonly states: State[];
  private readonly random: () => number;

  constructor(options: { seed?: number; instruments?: InstrumentSeed[] } = {}) {
    this.random = createRandom(options.seed ?? Date.now());
    this.states = (options.instruments ?? SIMULATED_INSTRUMENTS).map((seed, index) => {
      const series: Decimal[] = [new Decimal(seed.start)];
      while (series.length < SERIES_LENGTH) series.push(this.step(series[series.length - 1]!, seed.decimals));
      return { id: index + 1, seed, open: series[0]!, series };
    });
  }

  private step(price: Decimal, decimals: number): Decimal {
    const jitter = new Decimal(this.random() - 0.5).mul('0.001');
    const next = price.mul(jitter.plus(1)).toDecimalPlaces(decimals);
    return next.isZero() ? price : next;
  }

  private toItem(state: State): MarketItem {
    const now = state.series[state.series.length - 1]!;
    return {
      id: state.id,
      code: state.seed.code,
      type: state.seed.type,
      name: state.seed.name,
      logo: null,
      nowPrice: now.toFixed(state.seed.decimals),
      zdf: now.minus(state.open).div(state.open).mul(100).toFixed(2),
      hundred: state.series.map((p) => p.toFixed(state.seed.decimals)),
    };
  }

  snapshot(): MarketItem[] {
    return this.states.map((s) => this.toItem(s));
  }

  resume(items: MarketItem[]): void {
    for (const item of items) {
      const state = this.states.find((s) => s.id === item.id && s.seed.code === item.code);
      if (!state || item.hundred.length === 0) continue;
      const series = item.hundred.map((p) => new Decimal(p));
      const now = series[series.length - 1]!;
      state.series = series.slice(-SERIES_LENGTH);
      // The day's open, from the change the item shows (two decimals of a percent: close enough).
      state.open = now.div(new Decimal(item.zdf).div(100).plus(1)).toDecimalPlaces(state.seed.decimals);
    }
  }

  tick(): MarketItem[] {
    const changed: MarketItem[] = [];
    for (const state of this.states) {
      const last = state.series[state.series.length - 1]!;
      const next = this.step(last, state.seed.decimals);
      if (next.eq(last)) continue;
      state.series.push(next);
      if (state.series.length > SERIES_LENGTH) state.series.shift();
      changed.push(this.toItem(state));
    }
    return changed;
  }
}
