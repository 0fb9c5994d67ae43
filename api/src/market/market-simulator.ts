import Decimal from 'decimal.js';
import type { Instrument } from './catalogue/catalogue.ts';
import { decimalsOf } from './catalogue/catalogue.ts';
import type { FeedTick, MarketFeed } from './market-feed.ts';
import { isTradingOpen } from './trading-hours.ts';
import { normal, seededRandom, seedOf } from './seeded-random.ts';

const YEAR_MS = 365 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

interface WalkState {
  readonly instrument: Instrument;
  readonly random: () => number;
  price: number;
  lastPrice: string;
}

/**
 * The built-in market simulator: a geometric random walk per instrument (the instrument's yearly
 * volatility scaled to one step), rounded to its tick size, moving only while its session is open.
 * Each instrument draws from its own stream seeded by the run's seed and its code, so one seed
 * replays the same series, and adding an instrument changes no other's.
 */
export class MarketSimulator implements MarketFeed {
  readonly simulated = true;
  private readonly states: WalkState[];

  constructor(
    instruments: readonly Instrument[],
    private readonly options: { seed: number; stepMs: number },
  ) {
    this.states = instruments.map((instrument) => ({
      instrument,
      random: seededRandom(seedOf(instrument.code, options.seed)),
      price: instrument.anchorPrice.toNumber(),
      lastPrice: instrument.anchorPrice.toFixed(decimalsOf(instrument)),
    }));
  }

  resume(prices: ReadonlyMap<number, string>): void {
    for (const state of this.states) {
      const price = prices.get(state.instrument.id);
      if (price === undefined) continue;
      state.lastPrice = price;
      state.price = new Decimal(price).toNumber();
    }
  }

  poll(now: number): FeedTick[] {
    const ticks: FeedTick[] = [];
    const sigmaStep = Math.sqrt(this.options.stepMs / YEAR_MS);
    for (const state of this.states) {
      const { instrument } = state;
      // Draws happen whether or not the market is open, so a replay does not depend on the clock.
      const z = normal(state.random);
      const share = 0.3 + 1.4 * state.random();
      if (!isTradingOpen(instrument.session, now)) continue;
      state.price *= Math.exp(instrument.volatility * sigmaStep * z);
      let next = new Decimal(state.price).toDecimalPlaces(decimalsOf(instrument), Decimal.ROUND_HALF_UP);
      if (next.lte(0)) next = instrument.tickSize;
      const text = next.toFixed(decimalsOf(instrument));
      if (text === state.lastPrice) continue;
      state.lastPrice = text;
      const volume = instrument.dailyVolumeUsd.mul(this.options.stepMs / DAY_MS).mul(share.toFixed(4));
      ticks.push({ id: instrument.id, price: text, volume: volume.toFixed(2) });
    }
    return ticks;
  }
}
