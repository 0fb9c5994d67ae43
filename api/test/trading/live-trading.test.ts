import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@meridian/contracts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { moveCash } from '../ledger-helpers.ts';
import { drained, signedInSocket } from '../live/live-helpers.ts';
import type { LiveSocket } from '../live/live-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

/**
 * Trading over the live connection: balance changes and live PnL of positions reach their owner's
 * sockets, and only theirs. The fixture's node leads the feed, so each `tick` runs the tick's work
 * (triggered closes, live PnL) before it returns; PnL frames travel through the in-process fabric.
 */

const t = withTradingApi({ listen: true });
/**
 * Instruments no other test file trades (on PostgreSQL the files share one database and every API
 * closes the positions its own ticks trigger): WBTC/USDT (tick 0.01) and ETH/USDT (tick 0.001).
 */
let wbtc: { id: number };
beforeAll(async () => {
  wbtc = t.app.market.catalogue.byCode('WBTC/USDT')!;
});

type BalanceFrame = Extract<ServerFrame, { type: 'USER_BALANCE_UPDATE' }>;
type PnlFrame = Extract<ServerFrame, { type: 'REAL_TIME_PNL' | 'BATCH_REAL_TIME_PNL' }>;
type Entry = Extract<ServerFrame, { type: 'REAL_TIME_PNL' }>['data'][string];

const balances = (socket: LiveSocket) => socket.frames.filter((f): f is BalanceFrame & { at: number } => f.type === 'USER_BALANCE_UPDATE');
/**
 * The PnL a socket got, one item per frame as `{orderId: entry}`: a tick that moved one order sends
 * REAL_TIME_PNL, one that moved several sends one BATCH_REAL_TIME_PNL keyed by the receiver's id (its
 * only key). Every entry carries the time of its price (`lastUpdateTime`), checked here and left out.
 */
const pnls = (socket: LiveSocket) =>
  socket.frames
    .filter((f): f is PnlFrame & { at: number } => f.type === 'REAL_TIME_PNL' || f.type === 'BATCH_REAL_TIME_PNL')
    .map((f) => {
      let data: Record<string, Entry>;
      if (f.type === 'BATCH_REAL_TIME_PNL') {
        const owners = Object.keys(f.data);
        if (owners.length !== 1) throw new Error(`a batch for ${owners.length} users`);
        data = f.data[owners[0]!]!;
        if (Object.keys(data).length < 2) throw new Error('a batch of one order');
      } else {
        data = f.data;
        if (Object.keys(data).length !== 1) throw new Error('several orders in a single frame');
      }
      return {
        data: Object.fromEntries(
          Object.entries(data).map(([id, { lastUpdateTime, ...entry }]) => {
            if (!Number.isInteger(lastUpdateTime)) throw new Error(`entry ${id} without lastUpdateTime`);
            return [id, entry];
          }),
        ),
      };
    });
/** The entries one order got in the PnL frames so far, in order. */
const entriesOf = (socket: LiveSocket, orderId: string) => pnls(socket).flatMap((f) => (f.data[orderId] ? [f.data[orderId]] : []));

/** A socket signed in as the user (resolves once AUTH_SUCCESS came). */
const userSocket = (user: SignedUp) => signedInSocket(t.app, user.token);

/** Two new users, each with a socket signed in (the owner's is `mine`, the other's `theirs`). */
async function twoUsersOnline() {
  const owner = await t.user();
  const other = await t.user();
  return { owner, other, mine: await userSocket(owner), theirs: await userSocket(other) };
}

async function open(user: SignedUp, body: Record<string, unknown>, mode: 'demo' | 'real' = 'demo'): Promise<string> {
  const res = await t.post(
    'buyContracts',
    user,
    { instrumentId: wbtc.id, side: 'buy', lots: '0.1', leverage: 10, ...body },
    crypto.randomUUID(),
    mode,
  );
  expect(res.json().code, res.body).toBe('200');
  return res.json().result.id as string;
}

describe(`trading over the live connection (${databaseKind})`, () => {
  it("opening a position pushes the owner's new balance and margin to the owner only", async () => {
    const { owner, other, mine, theirs } = await twoUsersOnline();
    await t.tick(wbtc.id, '50000.00');

    await open(owner, {});
    // notional 50,000 × 0.1 = 5,000: margin 5,000 / 10 = 500, fee 0.1 % = 5; cash 100,000 − 505.
    await expect
      .poll(() => balances(mine), { timeout: 5000 })
      .toEqual([
        expect.objectContaining({
          type: 'USER_BALANCE_UPDATE',
          userId: owner.userId,
          mode: 'demo',
          baseBalance: '99495',
          bondAmount: '500',
          floatingPnL: '0',
          totalAssets: '99995',
        }),
      ]);

    // The real account: 1,000 in, 0.01 lot at leverage 10 takes margin 50 and fee 0.5.
    await moveCash(t.database.db, owner.userId, 'real', '1000');
    await open(owner, { lots: '0.01' }, 'real');
    await expect.poll(() => balances(mine).length, { timeout: 5000 }).toBe(2);
    expect(balances(mine)[1]).toMatchObject({
      userId: owner.userId,
      mode: 'real',
      baseBalance: '949.5',
      bondAmount: '50',
      totalAssets: '999.5',
    });

    // Both pushes reached the owner; anything sent to the other user before now has arrived too: none.
    await drained(theirs);
    expect(balances(theirs)).toEqual([]);
    expect(pnls(theirs)).toEqual([]);

    // The other user's own change reaches them, with their own figures only.
    await open(other, { lots: '0.2', leverage: 20 });
    await expect
      .poll(() => balances(theirs), { timeout: 5000 })
      .toEqual([expect.objectContaining({ userId: other.userId, mode: 'demo', baseBalance: '99490', bondAmount: '500' })]);
    await drained(mine);
    expect(balances(mine)).toHaveLength(2);
    mine.close();
    theirs.close();
  });

  it('after ticks the owner gets REAL_TIME_PNL of their positions (PnL, PnL % of the margin, price); the other user never does', async () => {
    const { owner, other, mine, theirs } = await twoUsersOnline();
    await t.tick(wbtc.id, '50000.00');
    await t.tick(t.eth.id, '3000.000');
    const buy = await open(owner, {});
    // 0.2 lot at leverage 20: margin 10,000 / 20 = 500.
    const sell = await open(owner, { side: 'sell', lots: '0.2', leverage: 20 });
    // ETH 1 lot at leverage 10: margin 300.
    const eth = await open(other, { instrumentId: t.eth.id, lots: '1' });

    await t.tick(wbtc.id, '50123.45');
    // buy: +123.45 × 0.1 = 12.345, 12.345 / 500 = 2.469 % → 2.47; sell: −123.45 × 0.2 = −24.69, −4.938 % → −4.94.
    await expect
      .poll(() => pnls(mine).map((f) => f.data), { timeout: 5000 })
      .toEqual([
        {
          [buy]: { pnl: '12.345', pnlPercent: '2.47', price: '50123.45' },
          [sell]: { pnl: '-24.69', pnlPercent: '-4.94', price: '50123.45' },
        },
      ]);

    await t.tick(wbtc.id, '49876.54');
    // buy: −123.46 × 0.1 = −12.346, −2.4692 % → −2.47; sell: +123.46 × 0.2 = 24.692, 4.9384 % → 4.94.
    await expect.poll(() => pnls(mine).length, { timeout: 5000 }).toBe(2);
    expect(pnls(mine)[1]!.data).toEqual({
      [buy]: { pnl: '-12.346', pnlPercent: '-2.47', price: '49876.54' },
      [sell]: { pnl: '24.692', pnlPercent: '4.94', price: '49876.54' },
    });

    await t.tick(t.eth.id, '3010.500');
    // +10.5 × 1 = 10.5, 10.5 / 300 = 3.5 %.
    await expect
      .poll(() => pnls(theirs).map((f) => f.data), { timeout: 5000 })
      .toEqual([{ [eth]: { pnl: '10.5', pnlPercent: '3.5', price: '3010.5' } }]);

    await drained(mine);
    await drained(theirs);
    // Each socket saw its own orders only.
    expect(
      pnls(mine)
        .flatMap((f) => Object.keys(f.data))
        .every((id) => id === buy || id === sell),
    ).toBe(true);
    expect(pnls(theirs).flatMap((f) => Object.keys(f.data))).toEqual([eth]);
    mine.close();
    theirs.close();
  });

  it('live PnL is pushed only when the PnL moves by ≥ 0.1 or the price by ≥ 0.01 since the last push of that order', async () => {
    const owner = await t.user();
    const mine = await userSocket(owner);
    await t.tick(t.eth.id, '3000.000');
    // small: 0.01 lot at leverage 10, margin 3000 × 0.01 / 10 = 3 (a price step of 0.001 moves its PnL by 0.00001).
    const small = await open(owner, { instrumentId: t.eth.id, lots: '0.01' });
    // large: 30 lots at leverage 100, margin 90,000 / 100 = 900 (a step of 0.001 moves its PnL by 0.03).
    const large = await open(owner, { instrumentId: t.eth.id, lots: '30', leverage: 100 });

    await t.tick(t.eth.id, '3000.005');
    // The first price after opening is always pushed: small 0.005 × 0.01 = 0.00005 (0.0017 % → 0);
    // large 0.005 × 30 = 0.15 (0.15 / 900 = 0.0167 % → 0.02).
    await expect
      .poll(() => pnls(mine).map((f) => f.data), { timeout: 5000 })
      .toEqual([
        {
          [small]: { pnl: '0.00005', pnlPercent: '0', price: '3000.005' },
          [large]: { pnl: '0.15', pnlPercent: '0.02', price: '3000.005' },
        },
      ]);

    await t.tick(t.eth.id, '3000.008');
    // Price +0.003; small PnL +0.00003; large PnL +0.09 (0.24, 0.027 % → 0.03): nothing moved enough.
    await drained(mine);
    expect(pnls(mine)).toHaveLength(1);

    await t.tick(t.eth.id, '3000.009');
    // Since the last push: price +0.004, small +0.00004 — not pushed; large 0.27, +0.12 ≥ 0.1 — pushed alone.
    await expect.poll(() => pnls(mine).length, { timeout: 5000 }).toBe(2);
    expect(pnls(mine)[1]!.data).toEqual({ [large]: { pnl: '0.27', pnlPercent: '0.03', price: '3000.009' } });

    await t.tick(t.eth.id, '3000.014');
    // small: price +0.009 since its last push (3000.005), PnL 0.00014 — still below; large +0.15 — pushed.
    await expect.poll(() => pnls(mine).length, { timeout: 5000 }).toBe(3);
    expect(pnls(mine)[2]!.data).toEqual({ [large]: { pnl: '0.42', pnlPercent: '0.05', price: '3000.014' } });

    await t.tick(t.eth.id, '3000.015');
    // small: price +0.010 since 3000.005 — pushed (0.00015, 0.005 % → 0 half-even); large +0.03 — not.
    await expect.poll(() => pnls(mine).length, { timeout: 5000 }).toBe(4);
    expect(pnls(mine)[3]!.data).toEqual({ [small]: { pnl: '0.00015', pnlPercent: '0', price: '3000.015' } });

    await t.tick(t.eth.id, '3000.014');
    // Back down one step: nothing is pushed for either order.
    await drained(mine);
    expect(pnls(mine)).toHaveLength(4);
    expect(entriesOf(mine, small).map((e) => e.price)).toEqual(['3000.005', '3000.015']);
    expect(entriesOf(mine, large).map((e) => e.price)).toEqual(['3000.005', '3000.009', '3000.014']);
    mine.close();
  });

  it('a position closed by its stop loss pushes the new balance to its owner and stops its live PnL', async () => {
    const { owner, mine, theirs } = await twoUsersOnline();
    await t.tick(wbtc.id, '50000.00');
    const id = await open(owner, { stopLoss: '49900' });
    // Opening: 100,000 − 500 margin − 5 fee.
    await expect.poll(() => balances(mine).map((f) => f.baseBalance), { timeout: 5000 }).toEqual(['99495']);

    await t.tick(wbtc.id, '49950.00');
    // −50 × 0.1 = −5, −1 % of 500.
    await expect.poll(() => entriesOf(mine, id), { timeout: 5000 }).toEqual([{ pnl: '-5', pnlPercent: '-1', price: '49950' }]);

    await t.tick(wbtc.id, '49899.99');
    // Closed at 49,899.99: (49,899.99 − 50,000) × 0.1 = −10.001; cash 99,495 + 500 − 10.001.
    await expect.poll(() => balances(mine).length, { timeout: 5000 }).toBe(2);
    expect(balances(mine)[1]).toMatchObject({
      userId: owner.userId,
      mode: 'demo',
      baseBalance: '99984.999',
      bondAmount: '0',
      floatingPnL: '0',
      totalAssets: '99984.999',
      profit: '-10.001',
    });
    const [closed] = (await t.get('listOrder?status=closed', owner)).json().result.items;
    expect(closed).toMatchObject({ id, closeReason: 'stopLoss', closePrice: '49899.99', realizedProfit: '-10.001' });

    // A closed position has no live PnL any more, also when the price goes on moving.
    await t.tick(wbtc.id, '49500.00');
    await drained(mine);
    await drained(theirs);
    expect(entriesOf(mine, id)).toEqual([{ pnl: '-5', pnlPercent: '-1', price: '49950' }]);
    expect(balances(mine)).toHaveLength(2);
    expect(balances(theirs)).toEqual([]);
    expect(pnls(theirs)).toEqual([]);
    mine.close();
    theirs.close();
  });
});
