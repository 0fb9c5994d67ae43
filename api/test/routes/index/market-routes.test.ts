import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Candle, ListMarketResult, MarketInfo, MarketItem } from '@meridian/contracts';
import type { Catalogue } from '../../../src/market/catalogue/catalogue.ts';
import { bucketStart } from '../../../src/market/candles/candle-math.ts';
import type { MarketFeed } from '../../../src/market/market-feed.ts';
import { MarketSimulator } from '../../../src/market/market-simulator.ts';
import { isTradingOpen } from '../../../src/market/trading-hours.ts';
import { databaseKind } from '../../helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { signUp } from '../../accounts-helpers.ts';

const TICK_MS = 200;
/** The markets' clock: real time, moved forward by the tests (the user count is cached 30 s). */
let offset = 0;
const clock = () => Date.now() + offset;
/** The built-in simulator, which a test can pause to read prices and candles that stand still. */
let paused = false;
const pausableSimulator = (catalogue: Catalogue): MarketFeed => {
  const simulator = new MarketSimulator(catalogue.all, { seed: 42, stepMs: TICK_MS });
  return { simulated: true, resume: (prices) => simulator.resume(prices), poll: (now) => (paused ? [] : simulator.poll(now)) };
};

const api = withTestApi({ feed: pausableSimulator, now: clock, liveTickMs: TICK_MS });

const base = '/api/swx/customer/index';
const get = (url: string) => api.app.inject({ method: 'GET', url: `${base}/${url}` });
async function list(query: string): Promise<ListMarketResult> {
  const res = await get(`listMarketByType?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe('200');
  return res.json().result as ListMarketResult;
}
const codes = (items: MarketItem[]) => items.map((i) => i.code);
/** Ascending by a decimal field: every neighbour compared as exact decimals (never as floats). */
function expectOrdered(items: MarketItem[], field: 'nowPrice' | 'zdf', order: 'asc' | 'desc') {
  for (let i = 1; i < items.length; i += 1) {
    const cmp = new Decimal(items[i - 1]![field]).cmp(items[i]![field]);
    expect(
      order === 'asc' ? cmp <= 0 : cmp >= 0,
      `${items[i - 1]!.code} ${items[i - 1]![field]} / ${items[i]!.code} ${items[i]![field]}`,
    ).toBe(true);
  }
}
/** The 400 envelope of a refused query, with the field it names. */
async function expectRefused(url: string, path: string, key?: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ code: '400', result: { issues: expect.any(Array) } });
  expect(body.message).toMatch(/^validation\./);
  const issue = (body.result.issues as { path: string; key: string }[]).find((i) => i.path === path);
  expect(issue, `${url}: ${res.body}`).toBeDefined();
  if (key) expect(issue!.key).toBe(key);
}

describe(`listMarketByType (${databaseKind})`, () => {
  it('lists one market type, crypto first by rank', async () => {
    const crypto = await list('type=2');
    expect(crypto.total).toBeGreaterThanOrEqual(350);
    expect(crypto).toMatchObject({ page: 1, pageSize: 50, simulated: true });
    expect(crypto.items).toHaveLength(50);
    expect(crypto.items.every((i) => i.type === 2)).toBe(true);
    expect(codes(crypto.items).slice(0, 2)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(crypto.items.map((i) => i.id)).toEqual(
      api.app.market.catalogue
        .ofType(2)
        .slice(0, 50)
        .map((i) => i.id),
    );
    const forex = await list('type=1&pageSize=500');
    expect(forex.total).toBeGreaterThanOrEqual(28);
    expect(forex.items.every((i) => i.type === 1)).toBe(true);
    expect(codes(forex.items)).toContain('EUR/USD');
    const stocks = await list('type=3&pageSize=500');
    expect(stocks.total).toBeGreaterThanOrEqual(50);
    expect(stocks.items.every((i) => i.type === 3)).toBe(true);
    expect(stocks.items).toHaveLength(stocks.total);
    // Without a type: every instrument.
    let sum = 0;
    for (const type of [1, 2, 3, 4, 5, 6]) sum += (await list(`type=${type}&pageSize=1`)).total;
    expect((await list('pageSize=1')).total).toBe(sum);
  });

  it('searches codes and names, case-insensitively', async () => {
    const byCode = await list('search=btc&pageSize=500');
    expect(codes(byCode.items)).toContain('BTC/USDT');
    const byName = await list('search=BITCOIN&pageSize=500');
    expect(codes(byName.items)).toContain('BTC/USDT');
    expect(byName.items.find((i) => i.code === 'BTC/USDT')!.name).toBe('Bitcoin');
    for (const item of [...byCode.items, ...byName.items]) {
      const text = `${item.code} ${item.name}`.toLowerCase();
      expect(text.includes('btc') || text.includes('bitcoin'), item.code).toBe(true);
    }
    expect(byName.total).toBe(byName.items.length);
    const eur = await list('type=1&search=%20eur%20&pageSize=500');
    expect(eur.total).toBeGreaterThan(0);
    expect(eur.items.every((i) => i.code.includes('EUR'))).toBe(true);
    // Searching narrows within the type.
    expect((await list('type=2&search=eur')).items.every((i) => i.type === 2)).toBe(true);
    expect(await list('search=zzzz-no-such-thing')).toMatchObject({ total: 0, items: [] });
  });

  it('sorts by name, price and change, ascending and descending', async () => {
    const byName = (await list('type=2&sort=name&pageSize=500')).items;
    expect(byName.length).toBeGreaterThanOrEqual(350);
    // The name column shows the instrument code first: that is the order.
    for (let i = 1; i < byName.length; i += 1) expect(byName[i - 1]!.code.localeCompare(byName[i]!.code)).toBeLessThanOrEqual(0);
    const byNameDesc = (await list('type=2&sort=name&order=desc&pageSize=500')).items;
    expect(codes(byNameDesc)).toEqual(codes(byName).reverse());
    for (const order of ['asc', 'desc'] as const) {
      expectOrdered((await list(`type=2&sort=price&order=${order}&pageSize=500`)).items, 'nowPrice', order);
      expectOrdered((await list(`type=2&sort=change&order=${order}&pageSize=500`)).items, 'zdf', order);
      expectOrdered((await list(`sort=price&order=${order}&pageSize=500`)).items, 'nowPrice', order);
    }
    // Price and change sort descending unless asked.
    expectOrdered((await list('type=2&sort=price&pageSize=500')).items, 'nowPrice', 'desc');
    expectOrdered((await list('type=1&sort=change&pageSize=500')).items, 'zdf', 'desc');
    // Prices of very different sizes compare as decimals: the cheapest crypto is far below 1.
    const cheapest = (await list('type=2&sort=price&order=asc&pageSize=1')).items[0]!;
    const dearest = (await list('type=2&sort=price&order=desc&pageSize=1')).items[0]!;
    expect(new Decimal(cheapest.nowPrice).lt(1)).toBe(true);
    expect(new Decimal(dearest.nowPrice).gt(10_000)).toBe(true);
  });

  it('pages: the same total, page 2 continues page 1', async () => {
    const [one, two] = [await list('type=2&pageSize=20&page=1'), await list('type=2&pageSize=20&page=2')];
    expect(two.total).toBe(one.total);
    expect(two.page).toBe(2);
    expect(two.items).toHaveLength(20);
    const first = new Set(one.items.map((i) => i.id));
    expect(two.items.some((i) => first.has(i.id))).toBe(false);
    const forty = await list('type=2&pageSize=40');
    expect([...one.items, ...two.items].map((i) => i.id)).toEqual(forty.items.map((i) => i.id));
    const beyond = await list(`type=2&pageSize=500&page=2`);
    expect(beyond).toMatchObject({ total: one.total, page: 2, items: [] });
  });

  it('series=true carries each row’s last prices (at most 100), otherwise none', async () => {
    const withSeries = await list('type=2&pageSize=30&series=true');
    for (const item of withSeries.items) {
      expect(item.hundred.length, item.code).toBeGreaterThan(0);
      expect(item.hundred.length, item.code).toBeLessThanOrEqual(100);
      expect(item.hundred[item.hundred.length - 1], item.code).toBe(item.nowPrice);
    }
    expect(withSeries.items.filter((i) => i.hundred.length === 100).length).toBeGreaterThan(20);
    expect((await list('type=2&pageSize=30')).items.every((i) => i.hundred.length === 0)).toBe(true);
  });

  it('refuses bad queries with 400 in the envelope', async () => {
    await expectRefused('listMarketByType?pageSize=0', 'pageSize');
    await expectRefused('listMarketByType?pageSize=501', 'pageSize');
    await expectRefused('listMarketByType?type=7', 'type');
    await expectRefused('listMarketByType?type=0', 'type');
    await expectRefused(`listMarketByType?search=${'x'.repeat(41)}`, 'search', 'validation.searchTooLong');
    await expectRefused('listMarketByType?page=0', 'page');
    await expectRefused('listMarketByType?sort=cheapest', 'sort');
    await expectRefused('listMarketByType?order=up', 'order');
    // 40 characters are fine.
    expect((await list(`search=${'x'.repeat(40)}`)).total).toBe(0);
  });
});

describe(`getMarketInfo (${databaseKind})`, () => {
  const info = async (id: number) => {
    const res = await get(`getMarketInfo/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as MarketInfo;
  };

  it('gives the 24 h figures, consistent with the price, and the facts an order form needs', async () => {
    const btc = api.app.market.catalogue.byCode('BTC/USDT')!;
    const result = await info(btc.id);
    expect(result).toMatchObject({ id: btc.id, code: 'BTC/USDT', type: 2, name: 'Bitcoin', session: 'always', simulated: true });
    const [low, price, high, open] = [result.low24h, result.nowPrice, result.high24h, result.open24h].map((v) => new Decimal(v));
    expect(low!.lte(price!)).toBe(true);
    expect(price!.lte(high!)).toBe(true);
    expect(low!.lte(open!) && open!.lte(high!)).toBe(true);
    expect(new Decimal(result.volume24h).gt(0)).toBe(true);
    // The change is the move from the 24 h open.
    expect(result.zdf).toBe(price!.minus(open!).div(open!).mul(100).toFixed(2));
    expect(result.tickSize).toBe(btc.tickSize.toFixed());
    expect(result.nowPrice.split('.')[1]?.length ?? 0).toBe(btc.tickSize.decimalPlaces());
    expect(result.contractSize).toBe('1');
    expect(result.leverages).toEqual([...btc.leverages]);
    expect(result.leverages).toContain(100);
    expect(result.tradingOpen).toBe(true);
    expect(result.nextSessionChange).toBeNull();
    expect(result.hundred.length).toBeGreaterThan(0);
  });

  it('tells when a session-bound instrument trades next', async () => {
    for (const code of ['AAPL', 'EUR/USD']) {
      const instrument = api.app.market.catalogue.byCode(code)!;
      const result = await info(instrument.id);
      expect(result.session).toBe(instrument.session);
      expect(result.tradingOpen).toBe(isTradingOpen(instrument.session, clock()));
      expect(result.nextSessionChange).toBeGreaterThan(clock() - 60_000);
      // The state flips exactly there.
      expect(isTradingOpen(instrument.session, result.nextSessionChange!)).toBe(!result.tradingOpen);
      expect(isTradingOpen(instrument.session, result.nextSessionChange! - 1)).toBe(result.tradingOpen);
    }
  });

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    for (const id of [999_999, 2_147_483_647]) {
      const res = await get(`getMarketInfo/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404', result: null });
    }
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5']) await expectRefused(`getMarketInfo/${id}`, 'id');
  });
});

describe(`getKValueByCodeAndDate (${databaseKind})`, () => {
  const candles = async (query: string) => {
    const res = await get(`getKValueByCodeAndDate?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { code: string; interval: string; simulated: boolean; candles: Candle[] };
  };
  const expectCandle = ([, open, high, low, close, volume]: Candle) => {
    const [o, h, l, c] = [open, high, low, close].map((v) => new Decimal(v));
    expect(l!.lte(o!) && l!.lte(c!), `${low} ≤ ${open}, ${close}`).toBe(true);
    expect(h!.gte(o!) && h!.gte(c!), `${high} ≥ ${open}, ${close}`).toBe(true);
    expect(l!.gt(0)).toBe(true);
    expect(new Decimal(volume).gte(0)).toBe(true);
  };

  it('gives candles oldest first, each consistent, at most `limit`', async () => {
    const btc = api.app.market.catalogue.byCode('BTC/USDT')!;
    // The feed has moved BTC since the start: an hourly candle is under way.
    await expect
      .poll(() => api.app.market.book.unwritten({ instrumentId: btc.id, interval: '1h' }).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const result = await candles('code=BTC%2FUSDT&interval=1h&limit=50');
    expect(result).toMatchObject({ code: 'BTC/USDT', interval: '1h', simulated: true });
    expect(result.candles).toHaveLength(50);
    result.candles.forEach((candle, i) => {
      expectCandle(candle);
      expect(candle[0] % 3600_000).toBe(0);
      if (i > 0) expect(candle[0]).toBeGreaterThan(result.candles[i - 1]![0]);
    });
    // The newest is the hour under way.
    expect(result.candles[49]![0]).toBe(bucketStart('1h', clock()));
    const five = await candles('code=btc/usdt&interval=1h&limit=5');
    expect(five.candles.map((c) => c[0])).toEqual(result.candles.slice(-5).map((c) => c[0]));
    // The default: 300 one-minute candles.
    const defaults = await candles('code=BTC%2FUSDT');
    expect(defaults.interval).toBe('1m');
    expect(defaults.candles).toHaveLength(300);
    defaults.candles.forEach(expectCandle);
  });

  it('filters by from and to (open times, inclusive)', async () => {
    const all = (await candles('code=ETH%2FUSDT&interval=15m&limit=100')).candles;
    const [from, to] = [all[10]![0], all[20]![0]];
    const part = (await candles(`code=ETH%2FUSDT&interval=15m&from=${from}&to=${to}&limit=1000`)).candles;
    expect(part.map((c) => c[0])).toEqual(all.filter((c) => c[0] >= from && c[0] <= to).map((c) => c[0]));
    expect(part).toHaveLength(11);
    // A limit keeps the newest of the range.
    const newest = (await candles(`code=ETH%2FUSDT&interval=15m&from=${from}&to=${to}&limit=3`)).candles;
    expect(newest.map((c) => c[0])).toEqual(part.slice(-3).map((c) => c[0]));
  });

  it('weeks open on Monday 00:00 UTC; days at midnight', async () => {
    const weeks = (await candles('code=AAPL&interval=1w&limit=20')).candles;
    expect(weeks.length).toBe(20);
    for (const [openTime] of weeks) {
      const d = new Date(openTime);
      expect([d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([1, 0, 0]);
    }
    weeks.forEach(expectCandle);
    const days = (await candles('code=XAU%2FUSD&interval=1d&limit=10')).candles;
    for (const [openTime] of days) expect(openTime % 86_400_000).toBe(0);
  });

  it('answers 404 for an unknown code and 400 for a bad query', async () => {
    const res = await get('getKValueByCodeAndDate?code=NOPE%2FUSDT');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', result: null });
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&interval=2m', 'interval');
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&limit=0', 'limit');
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&limit=1001', 'limit');
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&from=2000&to=1000', 'from');
    await expectRefused('getKValueByCodeAndDate?interval=1m', 'code');
    await expectRefused(`getKValueByCodeAndDate?code=${'A'.repeat(21)}`, 'code');
    // Past the last date JavaScript can hold: a refusal, not a 500.
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&from=8640000000000001', 'from');
    await expectRefused('getKValueByCodeAndDate?code=BTC%2FUSDT&to=9007199254740991', 'to');
  });

  it('the last candle moves with the price: after ticks, the last 1m candle closes at the price', async () => {
    const btc = api.app.market.catalogue.byCode('BTC/USDT')!;
    const start = (await get(`getMarketInfo/${btc.id}`)).json().result.nowPrice as string;
    await expect.poll(() => api.app.market.book.price(btc.id)!.toFixed(2), { timeout: 10_000 }).not.toBe(start);
    paused = true;
    try {
      const price = (await get(`getMarketInfo/${btc.id}`)).json().result.nowPrice as string;
      expect(price).not.toBe(start);
      const last = (await candles('code=BTC%2FUSDT&interval=1m&limit=3')).candles.at(-1)!;
      expect(last[4]).toBe(price);
      expectCandle(last);
      expect(last[0]).toBe(bucketStart('1m', last[0]));
      expect(last[0]).toBeGreaterThanOrEqual(bucketStart('1m', clock()) - 60_000);
      // Every interval's candle under way closes there too.
      for (const interval of ['5m', '1h', '1d', '1w']) {
        expect((await candles(`code=BTC%2FUSDT&interval=${interval}&limit=1`)).candles[0]![4], interval).toBe(price);
      }
    } finally {
      paused = false;
    }
  });
});

describe(`getHomeStatistics (${databaseKind})`, () => {
  const statistics = async () => {
    const res = await get('getHomeStatistics');
    expect(res.statusCode).toBe(200);
    return res.json().result as {
      listedCrypto: number;
      listedInstruments: number;
      registeredUsers: number;
      volume24h: string;
      tradingFeePercent: string;
      simulated: boolean;
    };
  };

  it('counts what is listed, from the same catalogue as the listing', async () => {
    const stats = await statistics();
    expect(stats.listedCrypto).toBe((await list('type=2&pageSize=1')).total);
    expect(stats.listedInstruments).toBe((await list('pageSize=1')).total);
    expect(stats.tradingFeePercent).toBe('0.1');
    expect(new Decimal(stats.volume24h).gt(0)).toBe(true);
    expect(stats.simulated).toBe(true);
  });

  it('counts registered users (cached for 30 s of the markets clock)', async () => {
    const before = (await statistics()).registeredUsers;
    await signUp(api.app);
    expect((await statistics()).registeredUsers).toBe(before);
    offset += 31_000;
    expect((await statistics()).registeredUsers).toBe(before + 1);
  });

  it('getParamByKey still answers beside the market calls', async () => {
    const res = await get('getParamByKey/trading_fee_percent');
    expect(res.json()).toMatchObject({ code: '200', result: { key: 'trading_fee_percent', value: '0.1' } });
  });
});
