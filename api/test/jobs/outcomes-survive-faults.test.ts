import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../src/app.ts';
import { contractOrders, optionsOrders } from '../../src/db/schema.ts';
import { CLOSE_RETRY_JOB, OPTIONS_SETTLEMENT_JOB } from '../../src/jobs/register.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';
import { ScriptedFeed } from '../live/live-helpers.ts';
import { manualJobs } from '../trading/trading-fixture.ts';

/**
 * SPEC §0 rule 3, outcomes survive faults: an option due while its node was down settles after the restart on
 * the price in effect at its due time (from the stored price series), and a stop loss whose close failed is
 * closed by the retry at the price of the tick that triggered it.
 */
const ORDER = '/api/swx/customer/order';
const database = withOwnDatabase({ seed: true, ledgerCheck: true });
let clock = Date.UTC(2026, 10, 23, 12, 0, 0);

/** Makes every ledger post of a node fail until `clear()`: the closes it starts meanwhile fail as a refusing database would. */
function failingPosts(app: FastifyInstance) {
  let failing = true;
  const post = app.trading.ctx.ledger.post.bind(app.trading.ctx.ledger);
  const spy = vi.spyOn(app.trading.ctx.ledger, 'post').mockImplementation(async (...args) => {
    if (failing) throw new Error('injected failure');
    return post(...args);
  });
  return { spy, clear: () => void (failing = false) };
}

/** One API node on the shared database, its feed and its jobs driven by the test. */
async function node() {
  const feed = new ScriptedFeed();
  const app = await buildApi({
    db: database.db,
    marketSeed: 42,
    feed: feed.factory,
    now: () => clock,
    jobClock: { ...manualJobs, now: () => clock },
    rateLimits: false,
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'meridian-outbox-')) },
    devOutbox: true,
  });
  await app.ready();
  // The first poll makes this node the feed's leader.
  await app.market.poll();
  const btc = app.market.catalogue.byCode('BTC/USDT')!;
  return {
    app: app as FastifyInstance,
    feed,
    btc,
    async tick(price: string) {
      clock += 1000;
      feed.push([{ id: btc.id, price, volume: '1.00' }]);
      await app.market.poll();
      await app.trading.afterTick([btc.id]);
    },
    post: (path: string, user: SignedUp, body: object) =>
      app.inject({
        method: 'POST',
        url: `${ORDER}/${path}`,
        headers: { ...auth(user.token, 'demo'), 'idempotency-key': crypto.randomUUID() },
        payload: body,
      }),
    get: (path: string, user: SignedUp) => app.inject({ method: 'GET', url: `${ORDER}/${path}`, headers: auth(user.token, 'demo') }),
  };
}

describe(`outcomes survive faults (${databaseKind})`, () => {
  it('a restart across an option’s due time settles it with the due-time price from storage, never cancelled', async () => {
    const first = await node();
    const me = await signUp(first.app);
    await first.tick('50000.00');
    const bought = (await first.post('buyOptions', me, { instrumentId: first.btc.id, direction: 'up', amount: '100', period: 30 })).json()
      .result;
    expect(bought).toMatchObject({ status: 'open', openPrice: '50000' });
    await first.tick('50100.00');
    const dueTick = clock;
    // The node stops before the due time (a restart): nothing settled it.
    await first.app.close();
    clock = bought.settleAt + 5 * 60_000;

    const second = await node();
    try {
      // The fresh node's book starts after the due time: the price then is only in the stored series.
      expect(second.app.market.book.quoteAt(second.btc.id, bought.settleAt)).toBeUndefined();
      await second.tick('40000.00');
      await second.app.scheduler.runNow(OPTIONS_SETTLEMENT_JOB);
      const settled = (await second.get(`getOptionsOrderById/${bought.id}`, me)).json().result;
      expect(settled).toMatchObject({ status: 'won', settlePrice: '50100', settleTime: dueTick, profit: '80' });
      const [row] = await database.db
        .select()
        .from(optionsOrders)
        .where(eq(optionsOrders.id, Number(bought.id)));
      expect(row!.status).toBe('won');
    } finally {
      await second.app.close();
    }
  }, 120_000);

  it('a stop loss whose close fails is retried until it closes, at the price and time of the tick that triggered it', async () => {
    const n = await node();
    try {
      const me = await signUp(n.app);
      await n.tick('50000.00');
      const opened = (
        await n.post('buyContracts', me, { instrumentId: n.btc.id, side: 'buy', lots: '0.1', leverage: 10, stopLoss: '49000' })
      ).json().result;
      expect(opened).toMatchObject({ status: 'holding', stopLoss: '49000' });
      // Every close the crossing tick starts fails (the database refuses it, say), until the fault clears.
      const fault = failingPosts(n.app);
      await n.tick('48900.00');
      const triggerTime = clock;
      await n.app.trading.idle();
      expect(fault.spy).toHaveBeenCalled();
      fault.clear();
      const [held] = await database.db
        .select()
        .from(contractOrders)
        .where(eq(contractOrders.id, Number(opened.id)));
      expect(held!.status).toBe('holding');
      // The trigger is on record with its tick.
      const recorded = (
        (await database.db.execute(
          sql`select price::numeric::text as price, time from close_triggers where order_id = ${Number(opened.id)}`,
        )) as unknown as { rows: { price: string; time: string }[] }
      ).rows;
      expect(recorded).toHaveLength(1);
      expect(Number(recorded[0]!.price)).toBe(48900);
      expect(Number(recorded[0]!.time)).toBe(triggerTime);
      // The price moves on (back above the stop): the retry still closes at the trigger's tick.
      await n.tick('49500.00');
      await n.tick('51000.00');
      await n.app.scheduler.runNow(CLOSE_RETRY_JOB);
      fault.spy.mockRestore();
      const closed = (await n.get('listOrder?status=closed', me)).json().result.items.find((o: { id: string }) => o.id === opened.id);
      // (48,900 − 50,000) × 0.1 = −110
      expect(closed).toMatchObject({ closeReason: 'stopLoss', closePrice: '48900', closeTime: triggerTime, realizedProfit: '-110' });
      const left = ((await database.db.execute(sql`select count(*)::int as n from close_triggers`)) as unknown as { rows: { n: number }[] })
        .rows;
      expect(left[0]!.n).toBe(0);
      // A second retry finds nothing to do: the position closed once.
      expect(await n.app.trading.retryCloses(true)).toBe(0);
    } finally {
      await n.app.close();
    }
  }, 120_000);

  it('a user closing a position whose triggered close waits for its retry gets the trigger’s close, not the current price', async () => {
    const n = await node();
    try {
      const me = await signUp(n.app);
      await n.tick('50000.00');
      const opened = (
        await n.post('buyContracts', me, { instrumentId: n.btc.id, side: 'buy', lots: '0.1', leverage: 10, takeProfit: '51000' })
      ).json().result;
      const fault = failingPosts(n.app);
      await n.tick('51200.00');
      const triggerTime = clock;
      await n.app.trading.idle();
      fault.clear();
      await n.tick('50500.00');
      const closed = (await n.post(`closeContracts/${opened.id}`, me, {})).json();
      fault.spy.mockRestore();
      expect(closed.result.order).toMatchObject({
        status: 'closed',
        closeReason: 'takeProfit',
        closePrice: '51200',
        closeTime: triggerTime,
      });
      expect(await n.app.trading.retryCloses(true)).toBe(0);
    } finally {
      await n.app.close();
    }
  }, 120_000);
});
