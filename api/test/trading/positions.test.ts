import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractOrders, idempotencyKeys } from '../../src/db/schema.ts';
import { databaseKind } from '../helpers.ts';
import { cashOf, expectLedgerBalanced, moveCash, transfersOf } from '../ledger-helpers.ts';
import { triggeredPositions } from '../../src/trading/positions/positions.ts';
import { withTradingApi } from './trading-fixture.ts';

const t = withTradingApi();

const order = (body: Record<string, unknown> = {}) => ({ instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10, ...body });

describe(`contract positions (${databaseKind})`, () => {
  it('opens at the feed price: margin and fee leave the free balance; closing pays margin and profit back', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const opened = await t.post('buyContracts', me, order());
    expect(opened.json()).toMatchObject({ code: '200' });
    // notional 50,000 × 0.1 × 1 = 5,000; margin 5,000 / 10 = 500; fee 5,000 × 0.1 % = 5.
    // Liquidation at 50 % maintenance: 50,000 − 500 × 0.5 / 0.1 = 47,500.
    expect(opened.json().result).toMatchObject({
      side: 'buy',
      lots: '0.1',
      margin: '500',
      fee: '5',
      openPrice: '50000',
      openTime: t.now(),
      liquidationPrice: '47500',
      status: 'holding',
    });
    expect(await t.info(me)).toMatchObject({ baseBalance: '99495', bondAmount: '500', totalAssets: '99995' });

    await t.tick(t.btc.id, '51000.00');
    expect(await t.info(me)).toMatchObject({ floatingPnL: '100', totalAssets: '100095' });
    const id = opened.json().result.id as string;
    const closed = await t.post(`closeContracts/${id}`, me, undefined);
    expect(closed.json().result).toMatchObject({
      profit: '100',
      price: '51000',
      order: { status: 'closed', closeReason: 'user', closeTime: t.now() },
    });
    expect(await t.info(me)).toMatchObject({ baseBalance: '100095', bondAmount: '0', floatingPnL: '0', profit: '100' });

    expect(await transfersOf(t.database.db, 'contract', id)).toEqual(
      [
        ['contract_fee', '5'],
        ['contract_margin', '500'],
        ['contract_margin_release', '500'],
        ['contract_profit', '100'],
      ].sort(),
    );
    // Closing again: the position is not open any more.
    expect((await t.post(`closeContracts/${id}`, me, undefined)).json().code).toBe('10103');
    await expectLedgerBalanced(t.database.db);
  });

  it('a sell gains when the price falls; lists holding and closed positions of the account mode only', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '33333.33');
    // BTC's smallest order (issue 31): 0.0001 lots.
    const sell = (await t.post('buyContracts', me, order({ side: 'sell', lots: '0.0001', leverage: 1 }))).json().result;
    // notional 33,333.33 × 0.0001 = 3.333333: margin 3.333333; fee 0.003333333 rounded up to 0.00333334.
    expect(sell).toMatchObject({ margin: '3.333333', fee: '0.00333334' });
    const holding = (await t.get('listOrder?status=holding', me)).json().result;
    expect(holding.items.map((o: { id: string }) => o.id)).toEqual([sell.id]);
    expect((await t.get('listOrder?status=holding', me, 'real')).json().result.total).toBe(0);
    await t.tick(t.btc.id, '23333.33');
    const closed = (await t.post(`closeContracts/${sell.id}`, me, undefined)).json().result;
    // (33,333.33 − 23,333.33) × 0.0001 = 1
    expect(closed.profit).toBe('1');
    const list = (await t.get('listOrder?status=closed', me)).json().result;
    expect(list).toMatchObject({ total: 1, items: [{ id: sell.id, realizedProfit: '1', closePrice: '23333.33' }] });
    // 100,000 − 0.00333334 fee + 1 profit
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000.99666666');
  });

  it('refuses a stop loss or take profit on the wrong side, a leverage not offered, and outside the account balance', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    expect((await t.post('buyContracts', me, order({ stopLoss: '50000.01' }))).json().code).toBe('10099');
    expect((await t.post('buyContracts', me, order({ side: 'sell', stopLoss: '49999' }))).json().code).toBe('10099');
    expect((await t.post('buyContracts', me, order({ takeProfit: '49999' }))).json().code).toBe('10100');
    expect((await t.post('buyContracts', me, order({ side: 'sell', takeProfit: '50001' }))).json().code).toBe('10100');
    expect((await t.post('buyContracts', me, order({ leverage: 3 }))).json().code).toBe('10104');
    // The real account has nothing: 10011.
    expect((await t.post('buyContracts', me, order(), crypto.randomUUID(), 'real')).json().code).toBe('10011');
    // Not a lot count at all, or above any instrument's maximum (MAX_LOTS): refused by the schema.
    for (const lots of ['0', '-1', '0.000000001', '1e3', '1000000000001', '']) {
      const res = await t.post('buyContracts', me, order({ lots }));
      expect(res.statusCode, lots).toBe(400);
    }
    expect((await t.post('buyContracts', me, order({ instrumentId: 999_999 }))).statusCode).toBe(404);
    expect(await t.info(me)).toMatchObject({ baseBalance: '100000', bondAmount: '0' });
    expect(await t.database.db.select().from(contractOrders).where(eq(contractOrders.userId, me.userId))).toHaveLength(0);
  });

  it('closes by itself at its stop loss, take profit or liquidation, from the tick that crossed it', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const sl = (await t.post('buyContracts', me, order({ stopLoss: '49000', takeProfit: '52000' }))).json().result;
    const tp = (await t.post('buyContracts', me, order({ side: 'sell', takeProfit: '49500' }))).json().result;
    const liq = (await t.post('buyContracts', me, order({ leverage: 100 }))).json().result;
    // leverage 100: margin 50, liquidation 50,000 − 50 × 0.5 / 0.1 = 49,750.
    expect(liq.liquidationPrice).toBe('49750');
    await t.tick(t.btc.id, '49800.00');
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(3);
    const liqTime = t.now() + 1000;
    await t.tick(t.btc.id, '49500.00');
    const closed = (await t.get('listOrder?status=closed', me)).json().result.items as Record<string, unknown>[];
    const byId = new Map(closed.map((o) => [o.id, o]));
    expect(byId.get(liq.id)).toMatchObject({ closeReason: 'liquidation', closePrice: '49500', closeTime: liqTime, realizedProfit: '-50' });
    expect(byId.get(tp.id)).toMatchObject({ closeReason: 'takeProfit', closePrice: '49500', realizedProfit: '50' });
    await t.tick(t.btc.id, '48999.99');
    const stop = (await t.get('listOrder?status=closed', me)).json().result.items.find((o: { id: string }) => o.id === sl.id);
    // (48,999.99 − 50,000) × 0.1 = −100.001
    expect(stop).toMatchObject({ closeReason: 'stopLoss', closePrice: '48999.99', realizedProfit: '-100.001' });
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(0);
    // 100,000 − 3 fees (5 each) − 50 + 50 − 100.001
    expect(await t.info(me)).toMatchObject({ baseBalance: '99884.999', bondAmount: '0' });
    await expectLedgerBalanced(t.database.db);
  });

  it('a stop loss crossed by a tick that a busy run skipped still closes, at that tick', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const position = (await t.post('buyContracts', me, order({ stopLoss: '49000' }))).json().result;
    // Three ticks applied before the trigger work runs once: down through the stop, then back up.
    await t.publish(t.btc.id, '50010.00');
    await t.publish(t.btc.id, '48000.00');
    const crossing = t.now();
    await t.publish(t.btc.id, '50020.00');
    await t.app.trading.afterTick([t.btc.id]);
    await expect
      .poll(async () => (await t.get('listOrder?status=closed', me)).json().result.items.find((o: { id: string }) => o.id === position.id))
      .toMatchObject({ closeReason: 'stopLoss', closePrice: '48000', closeTime: crossing, realizedProfit: '-200' });
  });

  it('the trigger search walks every change of a window: the first tick that crossed is the one used', async () => {
    const me = await t.user();
    await t.tick(t.eth.id, '3000.500');
    const position = (await t.post('buyContracts', me, order({ instrumentId: t.eth.id, lots: '1', stopLoss: '2990' }))).json().result;
    const at = t.now();
    expect(position.openTime).toBe(at);
    const window = [
      { price: '3001.000', time: at + 1 },
      { price: '2985.000', time: at + 2 },
      { price: '2980.000', time: at + 3 },
      { price: '3002.000', time: at + 4 },
    ];
    const hits = await triggeredPositions(t.app.trading.ctx, new Map([[t.eth.id, window]]));
    expect(hits.filter((h) => String(h.id) === position.id)).toEqual([
      { id: Number(position.id), owner: { userId: me.userId, mode: 'demo' }, quote: window[1], reason: 'stopLoss' },
    ]);
    // A change from before the position opened is not one of its ticks.
    const before = await triggeredPositions(t.app.trading.ctx, new Map([[t.eth.id, [{ price: '2000.000', time: at - 5000 }]]]));
    expect(before.filter((h) => String(h.id) === position.id)).toEqual([]);
  });

  it('a loss beyond the margin (a price gap) costs the margin only', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    await t.post('buyContracts', me, order({ leverage: 100 }));
    await t.tick(t.btc.id, '40000.00');
    const [closed] = (await t.get('listOrder?status=closed', me)).json().result.items;
    expect(closed).toMatchObject({ closeReason: 'liquidation', realizedProfit: '-50' });
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('99945');
  });

  it('the same Idempotency-Key applies once and answers the first result again, also after an account switch; other parameters with it are refused', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const key = crypto.randomUUID();
    const first = await t.post('buyContracts', me, order(), key);
    const again = await t.post('buyContracts', me, order(), key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await t.post('buyContracts', me, order({ lots: '0.2' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('10101');
    // The same submit sent again after a switch to the other account mode is still that submit: its first
    // answer is replayed (the order stays where it was placed), nothing is placed in the other mode.
    const afterSwitch = await t.post('buyContracts', me, order(), key, 'real');
    expect(afterSwitch.json()).toEqual(first.json());
    expect(afterSwitch.headers['idempotent-replayed']).toBe('true');
    // Also when the mode comes from the user's setting rather than the header.
    const bare = (k: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/swx/customer/order/buyContracts',
        headers: { authorization: me.token, 'idempotency-key': k },
        payload: order(),
      });
    await t.inMode(me, 'demo');
    const settingKey = crypto.randomUUID();
    expect((await bare(settingKey)).json().code).toBe('200');
    await t.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/switchMode',
      headers: { authorization: me.token },
      payload: { mode: 'real' },
    });
    const replayed = await bare(settingKey);
    expect(replayed.json().code).toBe('200');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    // Other parameters with the key are refused in either mode.
    expect((await t.post('buyContracts', me, order({ lots: '0.3' }), settingKey, 'real')).json().code).toBe('10101');
    await t.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/switchMode',
      headers: { authorization: me.token },
      payload: { mode: 'demo' },
    });
    const missing = await t.post('buyContracts', me, order(), null);
    expect([missing.statusCode, missing.json().code]).toEqual([400, '10102']);
    expect((await t.post('buyContracts', me, order(), 'short')).json().code).toBe('10102');
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(2);
    expect(await t.info(me)).toMatchObject({ baseBalance: '98990' });
    // A refusal is an answer too: the retry of a refused order does not place it later.
    await moveCash(t.database.db, me.userId, 'real', '100');
    const refusedKey = crypto.randomUUID();
    expect((await t.post('buyContracts', me, order(), refusedKey, 'real')).json().code).toBe('10011');
    await moveCash(t.database.db, me.userId, 'real', '1000');
    expect((await t.post('buyContracts', me, order(), refusedKey, 'real')).json().code).toBe('10011');
    expect((await t.post('buyContracts', me, order(), crypto.randomUUID(), 'real')).json().code).toBe('200');
  });

  it('one Idempotency-Key sent 20 times at once places one order and every answer is its answer; a refusal likewise', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const sendAtOnce = async (path: string, key: string, mode?: 'real') => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.post(path, me, path === 'buyContracts' ? order() : undefined, key, mode)),
      );
      const bodies = answers.map((a) => JSON.stringify(a.json()));
      expect(new Set(bodies).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
      return answers[0]!.json() as { code: string; result: { id: string } };
    };
    const buyKey = crypto.randomUUID();
    const placed = await sendAtOnce('buyContracts', buyKey);
    expect(placed.code).toBe('200');
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(1);
    // 500 margin and 5 fee, taken once.
    expect(await t.info(me)).toMatchObject({ baseBalance: '99495', bondAmount: '500' });
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, buyKey));
    expect(keys).toHaveLength(1);

    // Closed once, at 51000: the margin back and 100 profit, paid once.
    await t.tick(t.btc.id, '51000.00');
    const closed = await sendAtOnce(`closeContracts/${placed.result.id}`, crypto.randomUUID());
    expect(closed.code).toBe('200');
    expect(await t.info(me)).toMatchObject({ baseBalance: '100095', bondAmount: '0', profit: '100' });

    // The real account holds nothing: one refusal, answered to all 20, and nothing written.
    expect((await sendAtOnce('buyContracts', crypto.randomUUID(), 'real')).code).toBe('10011');
    expect((await t.get('listOrder?status=holding', me, 'real')).json().result.total).toBe(0);
    await expectLedgerBalanced(t.database.db);
  });

  it('an answered key sent again replays its answer even when its call would now be refused', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    await moveCash(t.database.db, me.userId, 'real', '505');
    const key = crypto.randomUUID();
    const first = await t.post('buyContracts', me, order(), key, 'real');
    expect(first.json().code).toBe('200');
    // The cash is spent: the same call under a new key is refused, the retry still gets its first answer.
    expect((await t.post('buyContracts', me, order(), crypto.randomUUID(), 'real')).json().code).toBe('10011');
    const again = await t.post('buyContracts', me, order(), key, 'real');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await t.get('listOrder?status=holding', me, 'real')).json().result.total).toBe(1);
  });

  it('200 concurrent orders against a balance that covers 10: exactly 10 open, nothing overdrawn', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    // Each order takes 500 margin + 5 fee.
    await moveCash(t.database.db, me.userId, 'real', '5050');
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.post('buyContracts', me, order(), crypto.randomUUID(), 'real')));
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((c) => c === '200')).toHaveLength(10);
    expect(codes.filter((c) => c === '10011')).toHaveLength(190);
    expect(await t.info(me, 'real')).toMatchObject({ baseBalance: '0', bondAmount: '5000' });
    await expectLedgerBalanced(t.database.db);
  });

  it('another user cannot see or close my position', async () => {
    const me = await t.user();
    const other = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const mine = (await t.post('buyContracts', me, order())).json().result;
    expect((await t.post(`closeContracts/${mine.id}`, other, undefined)).json().code).toBe('10103');
    expect((await t.get('listOrder?status=holding', other)).json().result.total).toBe(0);
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(1);
  });

  it('a demo reset closes open positions and cancels open options through the ledger', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    await t.post('buyContracts', me, order());
    await t.post('buyOptions', me, { instrumentId: t.btc.id, direction: 'up', amount: '100', period: 60 });
    await t.tick(t.btc.id, '49000.00');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/resetDemo',
      headers: { authorization: me.token, virtually: 'NO' },
    });
    expect(reset.json().result).toMatchObject({ baseBalance: '100000', bondAmount: '0', profit: '0' });
    const [closed] = (await t.get('listOrder?status=closed', me)).json().result.items;
    expect(closed).toMatchObject({ closeReason: 'reset', realizedProfit: '-100' });
    const [option] = (await t.get('listOptionsOrder?status=settled', me)).json().result.items;
    expect(option).toMatchObject({ status: 'cancelled', profit: '0' });
    await expectLedgerBalanced(t.database.db);
  });
});
