import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { FeedTick } from '../../src/market/market-feed.ts';
import { MarketSimulator } from '../../src/market/market-simulator.ts';
import { MONDAY_MORNING, catalogueInstruments, onTick } from './market-fixtures.ts';

const instruments = catalogueInstruments();
const byId = new Map(instruments.map((i) => [i.id, i]));
const STEP = 1000;
const SATURDAY_NOON = Date.UTC(2026, 10, 28, 12, 0);

/** `count` polls one step apart from `from`. */
function run(seed: number, count: number, from = MONDAY_MORNING): FeedTick[][] {
  const sim = new MarketSimulator(instruments, { seed, stepMs: STEP });
  return Array.from({ length: count }, (_, i) => sim.poll(from + i * STEP));
}

describe('market simulator', () => {
  it('replays one seed exactly, and another seed walks elsewhere', () => {
    const a = run(42, 25);
    expect(run(42, 25)).toEqual(a);
    const b = run(43, 25);
    expect(b).not.toEqual(a);
    // Not one shared walk with a few differences: most instruments end somewhere else.
    const lastOf = (series: FeedTick[][]) => {
      const last = new Map<number, string>();
      for (const ticks of series) for (const t of ticks) last.set(t.id, t.price);
      return last;
    };
    const [endA, endB] = [lastOf(a), lastOf(b)];
    const differ = [...endA].filter(([id, price]) => endB.get(id) !== price).length;
    expect(differ).toBeGreaterThan(endA.size / 2);
  });

  it('moves crypto every step by small steps, on the tick size, with a positive volume', () => {
    const series = run(7, 10);
    const last = new Map(instruments.map((i) => [i.id, i.anchorPrice]));
    let crypto = 0;
    for (const ticks of series) {
      expect(new Set(ticks.map((t) => t.id)).size).toBe(ticks.length);
      for (const tick of ticks) {
        const instrument = byId.get(tick.id)!;
        expect(onTick(tick.price, instrument.tickSize), `${instrument.code} ${tick.price}`).toBe(true);
        expect(tick.price).toBe(new Decimal(tick.price).toFixed(instrument.tickSize.decimalPlaces()));
        expect(new Decimal(tick.volume).gt(0)).toBe(true);
        expect(tick.price).not.toBe(last.get(tick.id)!.toFixed(instrument.tickSize.decimalPlaces()));
        // A second's step is a tiny fraction of the price (yearly volatility ≤ 100 %), a tick at most beyond.
        const move = new Decimal(tick.price).minus(last.get(tick.id)!).abs();
        expect(move.lte(last.get(tick.id)!.mul('0.002').plus(instrument.tickSize)), `${instrument.code} ${tick.price}`).toBe(true);
        last.set(tick.id, new Decimal(tick.price));
        if (instrument.type === 2) crypto += 1;
      }
    }
    expect(crypto).toBeGreaterThan(10 * 300);
  });

  it('does not move an instrument while its session is closed (a stock on a Saturday)', () => {
    const saturday = run(42, 20, SATURDAY_NOON).flat();
    const types = new Set(saturday.map((t) => byId.get(t.id)!.type));
    expect(types.has(2)).toBe(true);
    // Forex, stocks, ETFs, futures and metals are all closed on Saturday noon.
    expect([...types]).toEqual([2]);
    // The same stocks move on a weekday afternoon.
    const afternoon = run(42, 20, Date.UTC(2026, 10, 24, 15, 0)).flat();
    expect(afternoon.some((t) => byId.get(t.id)!.type === 3)).toBe(true);
  });

  it('keeps its draws whatever the clock: the replay of a seed does not depend on closed sessions', () => {
    const btc = instruments.find((i) => i.code === 'BTC/USDT')!;
    const weekend = run(5, 40, SATURDAY_NOON).map((ticks) => ticks.find((t) => t.id === btc.id)?.price);
    const weekday = run(5, 40).map((ticks) => ticks.find((t) => t.id === btc.id)?.price);
    expect(weekend).toEqual(weekday);
  });

  it('resume goes on from the given prices; instruments not given keep their own walk', () => {
    const btc = instruments.find((i) => i.code === 'BTC/USDT')!;
    const eth = instruments.find((i) => i.code === 'ETH/USDT')!;
    const plain = new MarketSimulator(instruments, { seed: 9, stepMs: STEP });
    const resumed = new MarketSimulator(instruments, { seed: 9, stepMs: STEP });
    resumed.resume(new Map([[btc.id, '12345.67']]));
    const p1 = plain.poll(MONDAY_MORNING);
    const r1 = resumed.poll(MONDAY_MORNING);
    const price = (ticks: FeedTick[], id: number) => new Decimal(ticks.find((t) => t.id === id)!.price);
    const first = price(r1, btc.id);
    expect(first.minus('12345.67').abs().lte('25')).toBe(true);
    // It is the same relative step the walk would have taken from the anchor.
    const ratioPlain = price(p1, btc.id).div(btc.anchorPrice);
    const ratioResumed = first.div('12345.67');
    expect(ratioPlain.minus(ratioResumed).abs().lt('0.000002')).toBe(true);
    expect(price(r1, eth.id).eq(price(p1, eth.id))).toBe(true);
    // And it keeps going from there.
    let last = first;
    for (let i = 1; i < 20; i++) {
      const tick = resumed.poll(MONDAY_MORNING + i * STEP).find((t) => t.id === btc.id);
      if (!tick) continue;
      expect(new Decimal(tick.price).minus(last).abs().lte('25')).toBe(true);
      last = new Decimal(tick.price);
    }
    expect(last.minus('12345.67').abs().lt('200')).toBe(true);
  });

  it('a resumed price that rounds to itself sends no tick', () => {
    const usdc = instruments.find((i) => i.code === 'USDC/USDT') ?? instruments.find((i) => i.volatility <= 0.01)!;
    const sim = new MarketSimulator([usdc], { seed: 1, stepMs: 1 });
    sim.resume(new Map([[usdc.id, new Decimal(1).toFixed(usdc.tickSize.decimalPlaces())]]));
    // A 1 ms step of a stable coin moves far less than its tick: no change, no tick.
    expect(sim.poll(MONDAY_MORNING)).toEqual([]);
  });
});
