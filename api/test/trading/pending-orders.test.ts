import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moneyString } from '@meridian/contracts';
import { contractOrders, ledgerTransfers } from '../../src/db/schema.ts';
import { expireDueOrders, fillReachedOrders } from '../../src/jobs/pending-orders.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { PENDING_EXPIRY_JOB } from '../../src/trading/trading-service.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { cashOf, expectLedgerBalanced, transfersOf } from '../ledger-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

const DAY = 24 * 60 * 60 * 1000;

const t = withTradingApi();

const limitOrder = (body: Record<string, unknown> = {}) => ({
  instrumentId: t.btc.id,
  side: 'buy',
  lots: '0.1',
  leverage: 10,
  limitPrice: '49000',
  ...body,
});

/** The transfers of one order, as [type, amount] sorted. */
const transfersOfOrder = (orderId: string) => transfersOf(t.database.db, 'contract', orderId);

async function orderRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(contractOrders)
    .where(eq(contractOrders.id, Number(id)));
  return row!;
}

async function pendingOf(user: SignedUp) {
  return (await t.get('listOrder?status=pending', user)).json().result;
}

async function expectLedgerGreen() {
  const check = await checkLedger(t.database.db);
  expect(check.unreconciled).toEqual([]);
  expect(check.ok).toBe(true);
}

describe(`pending limit orders (${databaseKind})`, () => {
  it('holds margin and fee at the limit price at placement and waits as pending with its expiry', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const placed = await t.post('buyContracts', me, limitOrder());
    expect(placed.json().code).toBe('200');
    // At the limit: notional 49,000 × 0.1 = 4,900; margin 490; fee 4.9; held 494.9.
    expect(placed.json().result).toMatchObject({
      status: 'pending',
      orderType: 'limit',
      limitPrice: '49000',
      openPrice: '49000',
      margin: '490',
      fee: '4.9',
      held: '494.9',
      expiresAt: t.now() + DAY,
      markPrice: null,
    });
    expect(await t.info(me)).toMatchObject({ baseBalance: '99505.1', bondAmount: '0', totalAssets: '100000' });
    expect(await transfersOfOrder(placed.json().result.id)).toEqual([['contract_hold', '494.9']]);
    const list = await pendingOf(me);
    expect(list).toMatchObject({ total: 1, items: [{ id: placed.json().result.id, status: 'pending', held: '494.9' }] });
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(0);
    await expectLedgerGreen();
  });

  it('opens at the first tick that reaches the limit, at that tick’s price; the rest of the hold comes back', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    await t.tick(t.btc.id, '49500.00');
    expect((await pendingOf(me)).total).toBe(1);
    await t.tick(t.btc.id, '48900.00');
    const fillTime = t.now();
    expect((await pendingOf(me)).total).toBe(0);
    const [position] = (await t.get('listOrder?status=holding', me)).json().result.items;
    // At 48,900: notional 4,890; margin 489; fee 4.89; liquidation 48,900 − 489 × 0.5 / 0.1 = 46,455.
    expect(position).toMatchObject({
      id,
      status: 'holding',
      orderType: 'limit',
      limitPrice: '49000',
      openPrice: '48900',
      openTime: fillTime,
      margin: '489',
      fee: '4.89',
      liquidationPrice: '46455',
      held: null,
    });
    // The hold (494.9) pays the margin and the fee; 1.01 returns to cash.
    expect(await transfersOfOrder(id)).toEqual(
      [
        ['contract_hold', '494.9'],
        ['contract_hold_fee', '4.89'],
        ['contract_hold_margin', '489'],
        ['contract_hold_release', '1.01'],
      ].sort(),
    );
    expect(await t.info(me)).toMatchObject({ baseBalance: '99506.11', bondAmount: '489' });
    // It then lives as any position: it closes with the market order's rules.
    await t.tick(t.btc.id, '49900.00');
    const closed = (await t.post(`closeContracts/${id}`, me, undefined)).json();
    expect(closed.result).toMatchObject({ profit: '100' });
    await expectLedgerGreen();
  });

  it('a sell limit opens at or above its limit; a gap above it takes the extra margin and fee from cash', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder({ side: 'sell', limitPrice: '51000' }))).json().result.id as string;
    // Held at 51,000: margin 510 + fee 5.1.
    expect(moneyString((await orderRow(id)).held!)).toBe('515.1');
    await t.tick(t.btc.id, '50999.99');
    expect((await pendingOf(me)).total).toBe(1);
    await t.tick(t.btc.id, '51200.00');
    // At 51,200: margin 512, fee 5.12 = 517.12; the hold pays 512 + 3.1, cash the other 2.02.
    expect(await transfersOfOrder(id)).toEqual(
      [
        ['contract_fee', '2.02'],
        ['contract_hold', '515.1'],
        ['contract_hold_fee', '3.1'],
        ['contract_hold_margin', '512'],
      ].sort(),
    );
    expect(await t.info(me)).toMatchObject({ baseBalance: '99482.88', bondAmount: '512' });
    await expectLedgerGreen();
  });

  it('cancel releases the whole hold; replayed with its key it answers the same; a second cancel is refused', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    const key = crypto.randomUUID();
    const cancelled = await t.post(`cancelOrder/${id}`, me, undefined, key);
    expect(cancelled.json()).toMatchObject({ code: '200', result: { id, status: 'cancelled', closeTime: t.now() } });
    const again = await t.post(`cancelOrder/${id}`, me, undefined, key);
    expect(again.json()).toEqual(cancelled.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await t.post(`cancelOrder/${id}`, me, undefined)).json().code).toBe('10103');
    // Without an Idempotency-Key: refused before anything happens.
    expect((await t.post(`cancelOrder/${id}`, me, undefined, null)).json().code).toBe('10102');
    expect(await transfersOfOrder(id)).toEqual([
      ['contract_hold', '494.9'],
      ['contract_hold_release', '494.9'],
    ]);
    expect(await t.info(me)).toMatchObject({ baseBalance: '100000', totalAssets: '100000' });
    expect((await t.get('listOrder?status=cancelled', me)).json().result.items).toMatchObject([{ id, status: 'cancelled' }]);
    // A crossing tick afterwards opens nothing.
    await t.tick(t.btc.id, '48000.00');
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(0);
    // Another user cannot cancel my order.
    const id2 = (await t.post('buyContracts', me, limitOrder({ limitPrice: '40000' }))).json().result.id as string;
    const other = await t.user();
    expect((await t.post(`cancelOrder/${id2}`, other, undefined)).json().code).toBe('10103');
    expect((await pendingOf(me)).total).toBe(1);
    await expectLedgerGreen();
  });

  it('expires after 24 hours: the job releases the hold once, and a later crossing tick opens nothing', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const placedAt = t.now();
    const id = (await t.post('buyContracts', me, limitOrder({ limitPrice: '30000' }))).json().result.id as string;
    t.advance(DAY - 1);
    await t.app.scheduler.runNow(PENDING_EXPIRY_JOB);
    expect((await pendingOf(me)).total).toBe(1);
    t.advance(1);
    // Two runs at once (two nodes): it expires once.
    const [a, b] = await Promise.all([expireDueOrders(t.app.trading.ctx, t.now()), expireDueOrders(t.app.trading.ctx, t.now())]);
    expect(a.length + b.length).toBe(1);
    expect(await orderRow(id)).toMatchObject({ status: 'expired', closeTime: placedAt + DAY });
    expect(await transfersOfOrder(id)).toEqual([
      ['contract_hold', '303'],
      ['contract_hold_release', '303'],
    ]);
    expect(await t.info(me)).toMatchObject({ baseBalance: '100000' });
    await t.app.scheduler.runNow(PENDING_EXPIRY_JOB);
    await t.tick(t.btc.id, '29000.00');
    expect((await t.get('listOrder?status=holding', me)).json().result.total).toBe(0);
    expect((await t.get('listOrder?status=expired', me)).json().result.items).toMatchObject([{ id, status: 'expired' }]);
    await expectLedgerGreen();
  });

  it('a fill that fails is tried again at the tick that reached it on the next run, though its instrument does not tick again', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    // The database refuses this order's fill once (as a lost connection or a failed statement would).
    await t.database.db.execute(
      sql.raw(`create or replace function test_fail_fill() returns trigger language plpgsql as $$
        begin
          if old.id = ${Number(id)} and old.status = 'pending' and new.status = 'holding' then raise exception 'injected fill failure'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger test_fail_fill before update on contract_orders for each row execute function test_fail_fill()'),
    );
    await t.tick(t.btc.id, '48500.00');
    const reachedAt = t.now();
    expect(await orderRow(id)).toMatchObject({ status: 'pending' });
    await t.database.db.execute(sql.raw('drop trigger test_fail_fill on contract_orders'));
    await t.database.db.execute(sql.raw('drop function test_fail_fill()'));
    // Another instrument ticks: the held window of BTC is looked at again and the order opens at its tick.
    await t.tick(t.eth.id, '3000.00');
    expect(await orderRow(id)).toMatchObject({ status: 'holding', openTime: reachedAt });
    await expectLedgerGreen();
  });

  it('two fill runs over the same ticks at once open the order once', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    const windows = new Map([[t.btc.id, [{ price: '48500', time: t.now() + 500 }]]]);
    const runs = await Promise.all([
      fillReachedOrders(t.app.trading.ctx, windows),
      fillReachedOrders(t.app.trading.ctx, windows),
      fillReachedOrders(t.app.trading.ctx, windows),
    ]);
    expect(runs.flatMap((r) => r.touched).map((x) => x.order.id)).toEqual([id]);
    expect(await orderRow(id)).toMatchObject({ status: 'holding', openTime: t.now() + 500 });
    expect((await transfersOfOrder(id)).filter(([type]) => type === 'contract_hold_margin')).toHaveLength(1);
    // The database itself refuses a second once-per-order transfer.
    const [hold] = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.referenceId, id), eq(ledgerTransfers.type, 'contract_hold_margin')));
    const { id: _omit, createdAt: _created, ...copy } = hold!;
    await expect(t.database.db.insert(ledgerTransfers).values(copy)).rejects.toThrow();
    await expectLedgerGreen();
  });

  it('refuses what the balance does not cover, also under concurrent orders; nothing is overdrawn', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    // Each: 10 lots at 49,000 and 10×: margin 49,000 + fee 490 = 49,490 held; 100,000 covers two.
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.post('buyContracts', me, limitOrder({ lots: '10' }))));
    const codes = answers.map((a) => a.json().code as string).sort();
    expect(codes).toEqual(['10011', '10011', '10011', '10011', '200', '200']);
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('1020');
    expect((await pendingOf(me)).total).toBe(2);
    await expectLedgerGreen();
  });

  it('replays an idempotent placement, checks the limit price and SL/TP against it, opens at once when already reached', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const key = crypto.randomUUID();
    const first = await t.post('buyContracts', me, limitOrder(), key);
    const again = await t.post('buyContracts', me, limitOrder(), key);
    expect(again.json()).toEqual(first.json());
    expect((await pendingOf(me)).total).toBe(1);
    for (const limitPrice of ['abc', '0', '-1', '1e5', '']) {
      const res = await t.post('buyContracts', me, limitOrder({ limitPrice }));
      expect(res.statusCode, limitPrice).toBe(400);
    }
    // A buy limit's stop loss sits below the limit, its take profit above.
    expect((await t.post('buyContracts', me, limitOrder({ stopLoss: '49500' }))).json().code).toBe('10099');
    expect((await t.post('buyContracts', me, limitOrder({ takeProfit: '48000' }))).json().code).toBe('10100');
    // Lots outside the bounds: as for a market order.
    expect((await t.post('buyContracts', me, limitOrder({ lots: '0.00001' }))).json().code).toBe('10016');
    // A buy limit above the price is reached already: it opens at once, at the current price.
    const now = (await t.post('buyContracts', me, limitOrder({ limitPrice: '51000' }))).json().result;
    expect(now).toMatchObject({ status: 'holding', orderType: 'limit', limitPrice: '51000', openPrice: '50000', margin: '500' });
    expect((await pendingOf(me)).total).toBe(1);
    await expectLedgerBalanced(t.database.db);
    await expectLedgerGreen();
  });

  it('a demo reset cancels pending orders and releases their holds', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    await t.app.trading.resetDemo(me.userId);
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled' });
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
    await expectLedgerGreen();
  });

  it('the ledger check reconciles the order hold with the pending orders', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = Number((await t.post('buyContracts', me, limitOrder())).json().result.id);
    await expectLedgerGreen();
    // A pending order that says it holds more than the hold account has: named.
    await t.database.db.update(contractOrders).set({ held: '495.9' }).where(eq(contractOrders.id, id));
    const check = await checkLedger(t.database.db);
    expect(check.unreconciled).toContainEqual({
      what: 'order_hold',
      ref: `${me.userId}:demo:USD`,
      expected: '495.900000000000000000',
      actual: '494.900000000000000000',
    });
    await t.database.db.update(contractOrders).set({ held: '494.9' }).where(eq(contractOrders.id, id));
    await expectLedgerGreen();
  });

  it('a cancel racing a fill: exactly one of them happens, and the hold ends once', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const id = (await t.post('buyContracts', me, limitOrder())).json().result.id as string;
    const windows = new Map([[t.btc.id, [{ price: '48000', time: t.now() + 500 }]]]);
    const [cancelled, fills] = await Promise.all([
      t.post(`cancelOrder/${id}`, me, undefined),
      fillReachedOrders(t.app.trading.ctx, windows),
    ]);
    // (The window may fill other users' orders of earlier tests too: only this one counts here.)
    const filled = fills.touched.filter((f) => f.order.id === id);
    const row = await orderRow(id);
    if (cancelled.json().code === '200') {
      expect(filled).toEqual([]);
      expect(row.status).toBe('cancelled');
      expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
    } else {
      expect(cancelled.json().code).toBe('10103');
      expect(filled.map((f) => f.order.id)).toEqual([id]);
      expect(row.status).toBe('holding');
    }
    const types = (await transfersOfOrder(id)).map(([type]) => type);
    expect(types.filter((type) => type === 'contract_hold_release' || type === 'contract_hold_margin').length).toBeGreaterThan(0);
    expect(types.filter((type) => type === 'contract_hold_margin').length + (row.status === 'cancelled' ? 1 : 0)).toBe(1);
    await expectLedgerGreen();
  });
});
