import { describe, expect, it } from 'vitest';
import { MarketSimulator, SERIES_LENGTH } from '../../src/market/market-simulator.ts';

describe('market simulator', () => {
  it('starts each series from its seed with 100 points of exact decimals', () => {
    const sim = new MarketSimulator({ seed: 7 });
    const btc = sim.snapshot().find((i) => i.code === 'BTC/USDT')!;
    expect(btc.hundred).toHaveLength(SERIES_LENGTH);
    expect(btc.hundred[0]).toBe('52100.00');
    for (const price of btc.hundred) expect(price).toMatch(/^\d+\.\d{2}$/);
  });

  it('moves by small jitter (≤ 0.05 % a step) and keeps 100 points', () => {
    const sim = new MarketSimulator({ seed: 7 });
    for (let i = 0; i < 50; i += 1) sim.tick();
    const btc = sim.snapshot().find((i) => i.code === 'BTC/USDT')!;
    expect(btc.hundred).toHaveLength(SERIES_LENGTH);
    for (let i = 1; i < btc.hundred.length; i += 1) {
      const prev = Number(btc.hundred[i - 1]);
      expect(Math.abs(Number(btc.hundred[i]) - prev) / prev).toBeLessThanOrEqual(0.0005 + 1e-9);
    }
    expect(btc.nowPrice).toBe(btc.hundred[btc.hundred.length - 1]);
  });

  it('replays the same series for the same seed', () => {
    const a = new MarketSimulator({ seed: 3 });
    const b = new MarketSimulator({ seed: 3 });
    a.tick();
    b.tick();
    expect(a.snapshot()).toEqual(b.snapshot());
  });
});
