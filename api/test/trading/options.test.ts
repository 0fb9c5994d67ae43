import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers, optionsOrders } from '../../src/db/schema.ts';
import { settleDueOptions } from '../../src/trading/options/options.ts';
import { databaseKind } from '../helpers.ts';
import { cashOf, expectLedgerBalanced } from '../ledger-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

const t = withTradingApi();

const buy = (body: Record<string, unknown> = {}) => ({ instrumentId: t.btc.id, direction: 'up', amount: '100', period: 30, ...body });

describe(`timed options (${databaseKind})`, () => {
  it('the product table: periods with payout and stake bounds, in the trading terms', async () => {
    const me = await t.user();
    const terms = (await t.get(`getTradingTerms/${t.btc.id}`, me)).json().result;
    expect(terms).toMatchObject({ feePercent: '0.1', maintenanceMarginPercent: '50', contractSize: '1', tickSize: '0.01' });
    expect(terms.options).toEqual([
      { period: 30, payoutPercent: '80', minStake: '10', maxStake: '50000' },
      { period: 60, payoutPercent: '85', minStake: '10', maxStake: '50000' },
      { period: 120, payoutPercent: '88', minStake: '10', maxStake: '100000' },
      { period: 300, payoutPercent: '90', minStake: '10', maxStake: '100000' },
    ]);
  });

  it('escrows the stake; a win at the due time pays stake + payout, from the tick in effect then', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const openTick = t.now();
    const bought = (await t.post('buyOptions', me, buy())).json().result;
    expect(bought).toMatchObject({ status: 'open', openPrice: '50000', openTime: openTick, settleAt: t.now() + 30_000, amount: '100' });
    expect(await t.info(me)).toMatchObject({ baseBalance: '99900', totalAssets: '100000' });
    await t.tick(t.btc.id, '50100.00');
    const settleTick = t.now();
    t.advance(29_000);
    // A later tick after the due time is not the one that counts.
    await t.settle();
    await t.tick(t.btc.id, '49000.00');
    const settled = (await t.get(`getOptionsOrderById/${bought.id}`, me)).json().result;
    expect(settled).toMatchObject({ status: 'won', settlePrice: '50100', settleTime: settleTick, profit: '80' });
    expect(await t.info(me)).toMatchObject({ baseBalance: '100080', profit: '80' });
  });

  it('a loss keeps the stake; the same price is a draw that returns it', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const down = (await t.post('buyOptions', me, buy({ direction: 'down', period: 60, amount: '10.12345678' }))).json().result;
    const up = (await t.post('buyOptions', me, buy({ period: 60 }))).json().result;
    t.advance(60_000);
    await t.settle();
    expect((await t.get(`getOptionsOrderById/${down.id}`, me)).json().result).toMatchObject({
      status: 'draw',
      profit: '0',
      settlePrice: '50000',
    });
    expect((await t.get(`getOptionsOrderById/${up.id}`, me)).json().result).toMatchObject({ status: 'draw' });
    const lose = (await t.post('buyOptions', me, buy({ direction: 'down', amount: '10.12345678' }))).json().result;
    await t.tick(t.btc.id, '50000.01');
    t.advance(30_000);
    await t.settle();
    expect((await t.get(`getOptionsOrderById/${lose.id}`, me)).json().result).toMatchObject({ status: 'lost', profit: '-10.12345678' });
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('99989.87654322');
    const settled = (await t.get('listOptionsOrder?status=settled', me)).json().result;
    expect(settled.total).toBe(3);
    expect((await t.get('listOptionsOrder?status=open', me)).json().result.total).toBe(0);
  });

  it('a win rounds the payout down to 8 places', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const o = (await t.post('buyOptions', me, buy({ amount: '10.00000001', period: 120 }))).json().result;
    await t.tick(t.btc.id, '50000.01');
    t.advance(120_000);
    await t.settle();
    // 10.00000001 × 88 % = 8.8000000088 → 8.80000000
    expect((await t.get(`getOptionsOrderById/${o.id}`, me)).json().result).toMatchObject({ status: 'won', profit: '8.8' });
  });

  it('refuses a period not offered (10017), a stake out of bounds (10016), a bad amount (400), too little balance (10011)', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    expect((await t.post('buyOptions', me, buy({ period: 45 }))).json().code).toBe('10017');
    expect((await t.post('buyOptions', me, buy({ amount: '9.99999999' }))).json().code).toBe('10016');
    expect((await t.post('buyOptions', me, buy({ amount: '50000.00000001' }))).json().code).toBe('10016');
    expect((await t.post('buyOptions', me, buy({ amount: '10.000000001' }))).statusCode).toBe(400);
    expect((await t.post('buyOptions', me, buy({ direction: 'sideways' }))).statusCode).toBe(400);
    expect((await t.post('buyOptions', me, buy(), crypto.randomUUID(), 'real')).json().code).toBe('10011');
    expect((await t.get('getOptionsOrderById/99999999', me)).statusCode).toBe(404);
    expect(await t.info(me)).toMatchObject({ baseBalance: '100000' });
  });

  it('waits for the feed to pass the due time; a due-time price no longer in memory settles from the stored series, never cancelled', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const openTick = t.now();
    const o = (await t.post('buyOptions', me, buy())).json().result;
    t.advance(30_000);
    // The feed has not polled past the due time: nothing settles yet.
    await t.app.scheduler.runNow('options-settlement');
    expect((await t.get(`getOptionsOrderById/${o.id}`, me)).json().result.status).toBe('open');
    // Two changes after the due time, then 40 minutes: the price in effect at the due time is gone from memory
    // (a node that restarted would not know it either), but the stored series has it (SPEC §0 rule 3): the open
    // tick's 50,000, a draw.
    await t.tick(t.btc.id, '50100.00');
    await t.tick(t.btc.id, '50200.00');
    t.advance(40 * 60_000);
    await t.tick(t.btc.id, '50300.00');
    await t.tick(t.btc.id, '50400.00');
    expect(t.app.market.book.quoteAt(t.btc.id, o.settleAt)).toBeUndefined();
    await t.settle();
    expect((await t.get(`getOptionsOrderById/${o.id}`, me)).json().result).toMatchObject({
      status: 'draw',
      settlePrice: '50000',
      settleTime: openTick,
      profit: '0',
    });
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
  });

  it("another user's order answers as if it did not exist", async () => {
    const me = await t.user();
    const other = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const mine = (await t.post('buyOptions', me, buy())).json().result;
    expect((await t.get(`getOptionsOrderById/${mine.id}`, other)).statusCode).toBe(404);
    expect((await t.get(`getOptionsOrderById/${mine.id}`, me, 'real')).statusCode).toBe(404);
    t.advance(30_000);
    await t.settle();
  });

  it('two schedulers settling at once settle each order exactly once', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push((await t.post('buyOptions', me, buy({ direction: i % 2 ? 'up' : 'down' }))).json().result.id);
    await t.tick(t.btc.id, '50010.00');
    t.advance(30_000);
    await t.app.market.poll();
    const ctx = t.app.trading.ctx;
    const [a, b, c] = await Promise.all([settleDueOptions(ctx, t.now()), settleDueOptions(ctx, t.now()), t.app.trading.settleDue(true)]);
    expect(a.length + b.length + c).toBe(20);
    for (const id of orders) {
      const moves = await t.database.db
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.referenceKind, 'option'), eq(ledgerTransfers.referenceId, id)));
      // the stake, then one settlement (a win: stake back + profit; a loss: the stake to the house)
      expect(moves.filter((m) => m.type !== 'options_stake').length, id).toBeLessThanOrEqual(2);
      expect(moves.filter((m) => m.type === 'options_stake')).toHaveLength(1);
    }
    const rows = await t.database.db.select().from(optionsOrders).where(eq(optionsOrders.userId, me.userId));
    expect(rows.filter((r) => r.status === 'won')).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'lost')).toHaveLength(10);
    // 10 wins of 80, 10 losses of 100
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('99800');
    await expectLedgerBalanced(t.database.db);
  });
});
