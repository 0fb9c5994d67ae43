import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@meridian/contracts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { drained, signedInSocket } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';
import { withTradingApi } from '../trading/trading-fixture.ts';

/**
 * Batch frames (SPEC §6): one change that moves several of a user's orders reaches that user as one
 * `BATCH_REAL_TIME_PNL` / `BATCH_USER_BALANCE_UPDATE` keyed by their own user id, never another's.
 */

const t = withTradingApi({ listen: true });

type Frame = ServerFrame & { at: number };
const ofType = <K extends ServerFrame['type']>(socket: LiveSocket, type: K) =>
  socket.frames.filter((f): f is Extract<Frame, { type: K }> => f.type === type);
/** The frames a user's own changes send (not the market's, not the handshake's). */
const userFrames = (socket: LiveSocket) =>
  socket.frames.filter((f) => !['AUTH_SUCCESS', 'AUTH_FAILED', 'PONG', 'MARKETS', 'TICKS', 'ACCOUNT_MODE'].includes(f.type));

const userSocket = (user: SignedUp) => signedInSocket(t.app, user.token);

async function openPosition(user: SignedUp, body: Record<string, unknown>): Promise<string> {
  const res = await t.post('buyContracts', user, { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10, ...body });
  expect(res.json().code, res.body).toBe('200');
  return res.json().result.id as string;
}

describe(`live batch frames (${databaseKind})`, () => {
  it("a tick moving 3 of a user's positions sends that user one BATCH_REAL_TIME_PNL with 3 entries; another user gets nothing of it", async () => {
    const owner = await t.user();
    const other = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const ids = [
      await openPosition(owner, {}),
      await openPosition(owner, { side: 'sell', lots: '0.2', leverage: 20 }),
      await openPosition(owner, { lots: '0.5', leverage: 50 }),
    ];
    // The other user holds a position on the same instrument: their own PnL is one single frame.
    const theirs = await openPosition(other, { lots: '0.3' });
    const mine = await userSocket(owner);
    const watcher = await userSocket(other);

    await t.tick(t.btc.id, '50100.00');
    const priceTime = t.now();
    await expect.poll(() => ofType(mine, 'BATCH_REAL_TIME_PNL').length, { timeout: 5000 }).toBe(1);
    await drained(mine);
    await drained(watcher);

    // One frame, keyed by the owner's id only, with the three orders, each with the time of its price.
    expect(userFrames(mine).map((f) => f.type)).toEqual(['BATCH_REAL_TIME_PNL']);
    const [batch] = ofType(mine, 'BATCH_REAL_TIME_PNL');
    expect(batch!.mode).toBe('demo');
    expect(Object.keys(batch!.data)).toEqual([owner.userId]);
    const entries = batch!.data[owner.userId]!;
    expect(Object.keys(entries).sort()).toEqual([...ids].sort());
    // buy 0.1: +10 (margin 500, 2 %); sell 0.2: −20 (margin 500, −4 %); buy 0.5 at 50×: +50 (margin 500, 10 %).
    expect(entries[ids[0]!]).toEqual({ pnl: '10', pnlPercent: '2', price: '50100', lastUpdateTime: priceTime });
    expect(entries[ids[1]!]).toEqual({ pnl: '-20', pnlPercent: '-4', price: '50100', lastUpdateTime: priceTime });
    expect(entries[ids[2]!]).toEqual({ pnl: '50', pnlPercent: '10', price: '50100', lastUpdateTime: priceTime });

    // The other user: their one order as a single frame, nothing of the owner's.
    expect(userFrames(watcher)).toEqual([
      expect.objectContaining({
        type: 'REAL_TIME_PNL',
        mode: 'demo',
        data: { [theirs]: { pnl: '30', pnlPercent: '2', price: '50100', lastUpdateTime: priceTime } },
      }),
    ]);
    const seenByOther = JSON.stringify(watcher.frames);
    expect(seenByOther).not.toContain(owner.userId);
    const otherOrders = userFrames(watcher).flatMap((f) => ('data' in f && f.type === 'REAL_TIME_PNL' ? Object.keys(f.data) : []));
    expect(otherOrders).toEqual([theirs]);
    mine.close();
    watcher.close();
  });

  it('a tick that moves only one position keeps the single REAL_TIME_PNL frame', async () => {
    const owner = await t.user();
    await t.tick(t.eth.id, '3000.000');
    const res = await t.post('buyContracts', owner, { instrumentId: t.eth.id, side: 'buy', lots: '1', leverage: 10 });
    const id = res.json().result.id as string;
    const mine = await userSocket(owner);
    await t.tick(t.eth.id, '3001.000');
    await expect.poll(() => ofType(mine, 'REAL_TIME_PNL').length, { timeout: 5000 }).toBe(1);
    await drained(mine);
    expect(userFrames(mine).map((f) => f.type)).toEqual(['REAL_TIME_PNL']);
    expect(ofType(mine, 'REAL_TIME_PNL')[0]!.data).toEqual({
      [id]: { pnl: '1', pnlPercent: '0.33', price: '3001', lastUpdateTime: t.now() },
    });
    mine.close();
  });

  it("a settlement of several of a user's options sends one BATCH_USER_BALANCE_UPDATE with the final figures, to that user only", async () => {
    const owner = await t.user();
    const other = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const buy = (direction: 'up' | 'down') => t.post('buyOptions', owner, { instrumentId: t.btc.id, direction, amount: '100', period: 30 });
    for (const direction of ['up', 'up', 'down'] as const) expect((await buy(direction)).json().code).toBe('200');
    const lone = await t.post('buyOptions', other, { instrumentId: t.btc.id, direction: 'up', amount: '10', period: 30 });
    expect(lone.json().code).toBe('200');
    const mine = await userSocket(owner);
    const watcher = await userSocket(other);

    await t.tick(t.btc.id, '50100.00');
    t.advance(30_000);
    await t.settle();
    await expect.poll(() => ofType(mine, 'BATCH_USER_BALANCE_UPDATE').length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => ofType(watcher, 'USER_BALANCE_UPDATE').length, { timeout: 5000 }).toBe(1);
    await drained(mine);
    await drained(watcher);

    // Three orders settled: one frame. Two won 80 each, one lost its 100: 100,000 − 300 + 180 + 180.
    expect(ofType(mine, 'USER_BALANCE_UPDATE')).toEqual([]);
    const [batch] = ofType(mine, 'BATCH_USER_BALANCE_UPDATE');
    expect(batch!.mode).toBe('demo');
    expect(Object.keys(batch!.data)).toEqual([owner.userId]);
    expect(batch!.data[owner.userId]).toMatchObject({ baseBalance: '100060', totalAssets: '100060', profit: '60' });
    expect(await t.info(owner)).toMatchObject({ baseBalance: '100060' });
    // The other user's one settled order: their single frame, never the owner's figures or id.
    expect(ofType(watcher, 'USER_BALANCE_UPDATE')).toEqual([expect.objectContaining({ userId: other.userId, baseBalance: '100008' })]);
    expect(ofType(watcher, 'BATCH_USER_BALANCE_UPDATE')).toEqual([]);
    expect(JSON.stringify(watcher.frames)).not.toContain(owner.userId);
    mine.close();
    watcher.close();
  });

  it("a tick closing two of a user's positions by their stop loss sends one balance batch", async () => {
    const owner = await t.user();
    await t.tick(t.btc.id, '50000.00');
    await openPosition(owner, { stopLoss: '49900' });
    await openPosition(owner, { stopLoss: '49950' });
    const mine = await userSocket(owner);
    await t.tick(t.btc.id, '49800.00');
    await expect.poll(() => ofType(mine, 'BATCH_USER_BALANCE_UPDATE').length, { timeout: 5000 }).toBe(1);
    await drained(mine);
    expect(ofType(mine, 'USER_BALANCE_UPDATE')).toEqual([]);
    // Both closed at 49,800: −20 each, fees 5 each at the open: 100,000 − 10 − 40.
    expect(ofType(mine, 'BATCH_USER_BALANCE_UPDATE')[0]!.data).toEqual({
      [owner.userId]: expect.objectContaining({ baseBalance: '99950', bondAmount: '0', floatingPnL: '0' }),
    });
    mine.close();
  });
});
