import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { pricePoints, socialLoginFlows, walletNonces } from '../../src/db/schema.ts';
import { cleanSocialLoginFlows, cleanWalletNonces } from '../../src/jobs/clean-ups.ts';
import { FeedLease, PRICE_POINTS_KEPT_MS, prunePricePoints, storePricePoints, storedQuoteAt } from '../../src/market/price-points.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';

const database = withOwnDatabase({ seed: true });

const T = Date.UTC(2026, 10, 23, 12, 0, 0);
const pointsOf = (id: number) =>
  database.db.select().from(pricePoints).where(eq(pricePoints.instrumentId, id)).orderBy(asc(pricePoints.time));

describe('the feed leader’s lease and the stored price series', () => {
  it('a node that takes the feed over raises the fencing token; the stale leader’s prices are refused', async () => {
    const first = new FeedLease(database.db, 'test-feed');
    const second = new FeedLease(database.db, 'test-feed');
    const a = await first.take(T, 3000);
    // Renewing keeps the token; another holder raises it.
    expect(await first.take(T + 1000, 3000)).toBe(a);
    const b = await second.take(T + 2000, 3000);
    expect(b).toBe(a + 1);
    expect(await storePricePoints(database.db, first, [{ id: 901, price: '10.5', volume: '1' }], T + 2500)).toBe(false);
    // A poll where nothing moved is fenced too: the stale leader must not publish an empty frame either.
    expect(await storePricePoints(database.db, first, [], T + 2550)).toBe(false);
    expect(await storePricePoints(database.db, second, [], T + 2550)).toBe(true);
    expect(await storePricePoints(database.db, second, [{ id: 901, price: '10.75', volume: '1' }], T + 2600)).toBe(true);
    expect((await pointsOf(901)).map((p) => [p.time, p.price])).toEqual([[T + 2600, '10.750000000000000000']]);
    // No token at all (never led, or stopped leading): nothing is written.
    second.drop();
    expect(await storePricePoints(database.db, second, [{ id: 901, price: '11', volume: '1' }], T + 2700)).toBe(false);
  });

  it('the price in effect at a time is the last stored point at or before it, not before the order opened', async () => {
    const lease = new FeedLease(database.db, 'test-feed-2');
    await lease.take(T, 3000);
    for (const [dt, price] of [
      [0, '100'],
      [1000, '101.5'],
      [3000, '99'],
    ] as const)
      await storePricePoints(database.db, lease, [{ id: 902, price, volume: '1' }], T + dt);
    expect(await storedQuoteAt(database.db, 902, T + 2999, T)).toEqual({ price: '101.5', time: T + 1000 });
    expect(await storedQuoteAt(database.db, 902, T + 3000, T)).toEqual({ price: '99', time: T + 3000 });
    expect(await storedQuoteAt(database.db, 902, T + 500, T + 200)).toBeNull();
    // Pruned once older than the kept window (no open option needs them).
    await prunePricePoints(database.db, T + 1000 + PRICE_POINTS_KEPT_MS + 1);
    expect((await pointsOf(902)).map((p) => p.time)).toEqual([T + 3000]);
  });
});

describe('the login clean-ups run as jobs', () => {
  it('expired wallet nonces (after an hour) and expired social sign-in flows are deleted; live ones stay', async () => {
    const now = Date.now();
    await database.db.insert(walletNonces).values([
      { nonce: 'old-nonce', chain: 'evm', expiresAt: new Date(now - 2 * 3600_000) },
      { nonce: 'live-nonce', chain: 'evm', expiresAt: new Date(now + 60_000) },
    ]);
    const flow = { provider: 'google', codeVerifier: 'v', nonce: 'n' };
    await database.db.insert(socialLoginFlows).values([
      { ...flow, state: 'old-state', expiresAt: new Date(now - 1000) },
      { ...flow, state: 'live-state', expiresAt: new Date(now + 60_000) },
    ]);
    await cleanWalletNonces(database.db, now);
    await cleanSocialLoginFlows(database.db, now);
    expect((await database.db.select().from(walletNonces)).map((r) => r.nonce)).toEqual(['live-nonce']);
    expect((await database.db.select().from(socialLoginFlows)).map((r) => r.state)).toEqual(['live-state']);
  });
});
