import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../src/app.ts';
import { bucketStart } from '../../src/market/candles/candle-math.ts';
import { OPERATOR_TOKEN, databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { ScriptedFeed } from '../live/live-helpers.ts';

/*
 * The market service of one node over its database: a node that starts while another has already
 * written candles (a restart, a second node) must build the same 24 h figures from them.
 */
describe(`market service start-up (${databaseKind})`, () => {
  const feed = new ScriptedFeed();
  // A feed that moves nothing: every figure comes from the history and the stored candles.
  const api = withTestApi({ feed: feed.factory, liveTickMs: 100 });
  const later: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of later) await app.close();
  });

  const startAnother = async (other = new ScriptedFeed()) => {
    const app = await buildApi({
      db: api.database.db,
      marketSeed: 42,
      feed: other.factory,
      liveTickMs: 100,
      operatorToken: OPERATOR_TOKEN,
    });
    await app.ready();
    later.push(app);
    return app;
  };

  /** Has the node's feed move BTC one tick with this traded value, and waits until the book has it. */
  const trade = async (app: FastifyInstance, through: ScriptedFeed, volume: string) => {
    const btc = app.market.catalogue.byCode('BTC/USDT')!;
    const price = through.up(btc.id);
    through.push([{ id: btc.id, price, volume }]);
    await expect.poll(() => app.market.book.price(btc.id)!.toFixed(2), { timeout: 5000 }).toBe(price);
  };

  it('a node started after the hourly history was back-filled has the same 24 h figures', async () => {
    const btc = api.app.market.catalogue.byCode('BTC/USDT')!;
    const before = api.app.market.info(btc.id)!;
    // A chart of hourly candles writes the generated history into the database.
    const res = await api.app.inject({
      method: 'GET',
      url: `/api/swx/customer/index/getKValueByCodeAndDate?code=BTC%2FUSDT&interval=1h&limit=30`,
    });
    expect(res.json().result.candles.length).toBe(30);
    const other = await startAnother();
    const again = other.market.info(btc.id)!;
    expect(again.nowPrice).toBe(before.nowPrice);
    expect(again.open24h).toBe(before.open24h);
    expect(again.high24h).toBe(before.high24h);
    expect(again.low24h).toBe(before.low24h);
    expect(again.volume24h).toBe(before.volume24h);
    expect(again.zdf).toBe(before.zdf);
    // Stopped here: two nodes with their own in-process fabrics both lead their feed and take the database's
    // feed lease from each other, so the next test's node would publish only the ticks it stores under it.
    await other.close();
    later.splice(later.indexOf(other), 1);
  }, 30_000);

  it('a node that starts in the middle of a candle goes on from the stored one: no traded volume is lost', async () => {
    const btc = api.app.market.catalogue.byCode('BTC/USDT')!;
    const stored = async (app: FastifyInstance, interval: '1m' | '1h' | '1d' | '1w') => {
      const [bar] = await app.market.candles.read(
        { instrumentId: btc.id, interval },
        { from: bucketStart(interval, Date.now()), limit: 1 },
      );
      return bar?.volume.toFixed(2);
    };
    await trade(api.app, feed, '10.00');
    await api.app.market.flush();
    const first = { day: await stored(api.app, '1d'), week: await stored(api.app, '1w') };
    expect(first.day).toBeDefined();
    // The node stops (a deploy); another starts within the same day and week and trades on.
    await api.app.close();
    const nextFeed = new ScriptedFeed();
    const next = await startAnother(nextFeed);
    await trade(next, nextFeed, '5.00');
    await next.market.flush();
    expect(await stored(next, '1d')).toBe(new Decimal(first.day!).plus(5).toFixed(2));
    expect(await stored(next, '1w')).toBe(new Decimal(first.week!).plus(5).toFixed(2));
    // The chart shows the same running candle.
    const res = await next.inject({
      method: 'GET',
      url: `/api/swx/customer/index/getKValueByCodeAndDate?code=BTC%2FUSDT&interval=1d&limit=1`,
    });
    expect(res.json().result.candles[0][5]).toBe(new Decimal(first.day!).plus(5).toFixed(2));
    // Two nodes' lives in one test (stop one, build another, trade on it).
  }, 30_000);
});
