import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_QUOTE_TTL_MS, endpointPath, moneyString } from '@meridian/contracts';
import { contentEndpoints } from '@meridian/contracts/endpoints/content';
import { exchangeEndpoints as exchange } from '@meridian/contracts/endpoints/exchange';
import { exchangeQuotes, exchanges, ledgerTransfers, users } from '../../src/db/schema.ts';
import { FlashExchange, cleanExchangeQuotes } from '../../src/funding/flash-exchange.ts';
import { Ledger } from '../../src/ledger/ledger.ts';
import { ApiFailure } from '../../src/plugins/envelope.ts';
import { SettingsCache } from '../../src/settings/settings-cache.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { creditDeposit, expectLedgerBalanced, transfersOf } from '../ledger-helpers.ts';
import { ScriptedFeed } from '../live/live-helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';
import { realUser as realCustomer } from './funding-helpers.ts';
import { manualJobs } from '../trading/trading-fixture.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Flash exchange (SPEC §5.4, ADR 008): a real-account customer quotes crypto ↔ USD at the live price (the
 * fee from `flash_exchange_fee_percent`, what is received rounded down, held 30 s) and submits the quote:
 * both currencies change by exactly the quote's figures, in one transaction, once. An expired, used,
 * foreign or unaffordable quote is refused and changes nothing; a demo account is told to switch.
 */
const feed = new ScriptedFeed();
// Real time at the start (the operator's one-time code is of the wall clock), then moved by the tests.
let clock = Date.now();
// Scripted prices and a clock of its own (on PostgreSQL a database of its own too, for the prices).
const api = withTestApi(
  { feed: feed.factory, now: () => clock, jobClock: { ...manualJobs, now: () => clock }, rateLimits: false },
  { ownDatabase: true, timeout: 120_000 },
);
const admin = withOperator(api, ['admin']);

/** Publishes a price for an instrument a second later, as the feed would. */
async function price(code: string, value: string): Promise<void> {
  const instrument = api.app.market.catalogue.byCode(code);
  if (!instrument) throw new Error(`no instrument ${code}`);
  clock += 1000;
  feed.push([{ id: instrument.id, price: value, volume: '1.00' }]);
  await api.app.market.poll();
}

beforeAll(async () => {
  // The first poll makes this node the feed's leader; then BTC at 60,000 and ETH at 3,000 (USDT at 1).
  await api.app.market.poll();
  for (const code of ['BTC/USD', 'BTC/USDT']) if (api.app.market.catalogue.byCode(code)) await price(code, '60000');
  for (const code of ['ETH/USD', 'ETH/USDT']) if (api.app.market.catalogue.byCode(code)) await price(code, '3000');
  if (api.app.market.catalogue.byCode('USDT/USD')) await price('USDT/USD', '1');
});

const realUser = () => realCustomer(api);

/** Real cash of a currency, as an approved deposit would bring it (deposit clearing → cash). */
const fund = (user: SignedUp, currency: string, amount: string) =>
  creditDeposit(api.database.db, user.userId, 'real', currency, amount, { kind: 'test', id: randomUUID() });

const cash = async (user: SignedUp, currency: string) =>
  moneyString((await Ledger.of(api.database.db).balancesOf(api.database.db, user.userId, 'real', currency)).cash);

const balances = async (user: SignedUp) =>
  Object.fromEntries(await Promise.all(['USD', 'BTC', 'ETH', 'USDT'].map(async (c) => [c, await cash(user, c)])));

const quote = (user: SignedUp, body: Record<string, unknown>, mode: 'demo' | 'real' = 'real') =>
  api.app.inject({ method: 'POST', url: endpointPath(exchange.quoteExchange), payload: body, headers: auth(user.token, mode) });

const submit = (user: SignedUp, quoteId: string, key: string = randomUUID(), mode: 'demo' | 'real' = 'real') =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(exchange.submitExchange),
    payload: { quoteId },
    headers: { ...auth(user.token, mode), 'idempotency-key': key },
  });

const list = async (user: SignedUp) =>
  (await api.app.inject({ method: 'GET', url: endpointPath(exchange.listExchanges), headers: auth(user.token, 'real') })).json().result as {
    items: Record<string, unknown>[];
    total: number;
  };

async function quoteId(user: SignedUp, body: Record<string, unknown>): Promise<string> {
  const res = await quote(user, body);
  if (res.json().code !== '200') throw new Error(`quote: ${res.body}`);
  return res.json().result.quoteId as string;
}

const exchangesOf = (user: SignedUp) => api.database.db.select().from(exchanges).where(eq(exchanges.userId, user.userId));

describe(`flash exchange (${databaseKind})`, () => {
  it('quotes at the live price with the stated fee, and a submit books exactly the quote in both currencies', async () => {
    const me = await realUser();
    await fund(me, 'BTC', '1');
    const quoted = await quote(me, { from: 'BTC', to: 'USD', amount: '0.5' });
    // 0.5 BTC at 60,000, fee 0.2 % = 0.001 BTC: (0.5 − 0.001) × 60000 = 29940 USD.
    expect(quoted.json()).toMatchObject({
      code: '200',
      result: { from: 'BTC', to: 'USD', amount: '0.5', rate: '60000', fee: '0.001', feePercent: '0.2', received: '29940' },
    });
    expect(quoted.json().result.expiresAt).toBe(new Date(clock + EXCHANGE_QUOTE_TTL_MS).toISOString());
    // A quote moves nothing.
    expect(await balances(me)).toEqual({ USD: '0', BTC: '1', ETH: '0', USDT: '0' });

    const done = await submit(me, quoted.json().result.quoteId as string);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      code: '200',
      result: { from: 'BTC', to: 'USD', amount: '0.5', rate: '60000', fee: '0.001', received: '29940' },
    });
    const id = String(done.json().result.id);
    expect(await balances(me)).toEqual({ USD: '29940', BTC: '0.5', ETH: '0', USDT: '0' });
    expect(await transfersOf(api.database.db, 'exchange', id)).toEqual([
      ['exchange_fee', '0.001'],
      ['exchange_in', '29940'],
      ['exchange_out', '0.499'],
    ]);
    const legs = await api.database.db
      .select({ type: ledgerTransfers.type, currency: ledgerTransfers.currency })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.referenceKind, 'exchange'), eq(ledgerTransfers.referenceId, id)));
    expect(Object.fromEntries(legs.map((l) => [l.type, l.currency]))).toEqual({
      exchange_out: 'BTC',
      exchange_fee: 'BTC',
      exchange_in: 'USD',
    });

    // And back: 1000 USD, fee 2 USD, 998 × 0.000016666666666666 = 0.0166333… → 0.01663333 BTC (rounded down).
    const back = await quote(me, { from: 'USD', to: 'BTC', amount: '1000' });
    expect(back.json().result).toMatchObject({ rate: '0.000016666666666666', fee: '2', received: '0.01663333' });
    expect((await submit(me, back.json().result.quoteId as string)).json().code).toBe('200');
    expect(await balances(me)).toEqual({ USD: '28940', BTC: '0.51663333', ETH: '0', USDT: '0' });

    // The caller's list: newest first.
    const mine = await list(me);
    expect(mine.total).toBe(2);
    expect(mine.items.map((e) => [e.from, e.to, e.amount, e.received])).toEqual([
      ['USD', 'BTC', '1000', '0.01663333'],
      ['BTC', 'USD', '0.5', '29940'],
    ]);
    await expectLedgerBalanced(api.database.db);
  });

  it('an expired quote is refused with 10123 and changes nothing; a fresh one goes through', async () => {
    const me = await realUser();
    await fund(me, 'ETH', '2');
    const id = await quoteId(me, { from: 'ETH', to: 'USD', amount: '1' });
    clock += EXCHANGE_QUOTE_TTL_MS; // exactly 30 s later: no longer valid
    const key = randomUUID();
    const late = await submit(me, id, key);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: '10123', result: null });
    expect(await balances(me)).toEqual({ USD: '0', BTC: '0', ETH: '2', USDT: '0' });
    expect(await exchangesOf(me)).toEqual([]);
    const [stored] = await api.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, id));
    expect(stored!.usedAt).toBeNull();
    // Its key keeps its refusal.
    expect((await submit(me, id, key)).json().code).toBe('10123');

    const fresh = await quoteId(me, { from: 'ETH', to: 'USD', amount: '1' });
    clock += EXCHANGE_QUOTE_TTL_MS - 1; // just within its 30 s
    const done = await submit(me, fresh);
    // 1 ETH at 3,000, fee 0.002 ETH: 0.998 × 3000 = 2994 USD.
    expect(done.json()).toMatchObject({ code: '200', result: { fee: '0.002', received: '2994' } });
    expect(await balances(me)).toEqual({ USD: '2994', BTC: '0', ETH: '1', USDT: '0' });
  });

  it('a quote is used once: a second submit with another key is refused (10125); the same key replays the answer', async () => {
    const me = await realUser();
    await fund(me, 'USDT', '1000');
    const id = await quoteId(me, { from: 'USDT', to: 'USD', amount: '500' });
    const key = randomUUID();
    const first = await submit(me, id, key);
    // 500 USDT at 1, fee 1 USDT: 499 USD.
    expect(first.json()).toMatchObject({ code: '200', result: { received: '499', fee: '1' } });
    const replay = await submit(me, id, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const again = await submit(me, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: '10125', result: null });
    // Both at once with two more keys: neither books a second time.
    const both = await Promise.all([submit(me, id), submit(me, id)]);
    expect(both.map((r) => r.json().code)).toEqual(['10125', '10125']);
    expect(await balances(me)).toEqual({ USD: '499', BTC: '0', ETH: '0', USDT: '500' });
    expect(await exchangesOf(me)).toHaveLength(1);
  });

  it('concurrent submits cannot overdraw: each quote is paid from the cash in full or refused with 10011', async () => {
    const me = await realUser();
    await fund(me, 'BTC', '1');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await quoteId(me, { from: 'BTC', to: 'USD', amount: '0.4' }));
    const answers = await Promise.all(ids.map((id) => submit(me, id)));
    const codes = answers.map((a) => a.json().code as string).sort();
    expect(codes).toEqual(['10011', '200', '200']);
    // Two of 0.4 BTC: 0.2 BTC left; each 0.4 × 0.998 × 60000 = 23952 USD.
    expect(await balances(me)).toEqual({ USD: '47904', BTC: '0.2', ETH: '0', USDT: '0' });
    expect(await exchangesOf(me)).toHaveLength(2);
    // The refused quote was not spent: once the cash is there (within its 30 s), it goes through.
    const refused = ids[answers.findIndex((a) => a.json().code === '10011')]!;
    await fund(me, 'BTC', '0.2');
    expect((await submit(me, refused)).json()).toMatchObject({ code: '200', result: { received: '23952' } });
    expect(await cash(me, 'BTC')).toBe('0');
    await expectLedgerBalanced(api.database.db);
  });

  it("another customer's quote, or no quote at all, is not found (404) and changes nothing", async () => {
    const owner = await realUser();
    const stranger = await realUser();
    await fund(owner, 'ETH', '1');
    await fund(stranger, 'ETH', '1');
    const id = await quoteId(owner, { from: 'ETH', to: 'USD', amount: '0.5' });
    const stolen = await submit(stranger, id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: '404', result: null });
    expect((await submit(stranger, randomUUID())).statusCode).toBe(404);
    expect((await submit(stranger, 'not-a-uuid')).json()).toMatchObject({ code: '400', message: 'validation.invalid' });
    expect(await balances(stranger)).toEqual({ USD: '0', BTC: '0', ETH: '1', USDT: '0' });
    expect(await balances(owner)).toEqual({ USD: '0', BTC: '0', ETH: '1', USDT: '0' });
    expect((await list(stranger)).total).toBe(0);
    // The owner can still use it.
    expect((await submit(owner, id)).json().code).toBe('200');
    expect((await list(stranger)).items).toEqual([]);
  });

  it('the demo account is told to switch to the real one (10120), for a quote and a submit', async () => {
    const demo = await signUp(api.app);
    const quoted = await quote(demo, { from: 'USD', to: 'BTC', amount: '1000' }, 'demo');
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json()).toMatchObject({ code: '10120', result: null });
    const real = await realUser();
    await fund(real, 'USD', '1000');
    const id = await quoteId(real, { from: 'USD', to: 'BTC', amount: '1000' });
    // The same user back in demo: the submit is refused, the real money untouched.
    await api.database.db.update(users).set({ accountMode: 'demo' }).where(eq(users.id, real.userId));
    await userChanged(real.userId);
    expect((await submit(real, id, randomUUID(), 'demo')).json().code).toBe('10120');
    expect(await cash(real, 'USD')).toBe('1000');
    const rows = await api.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, demo.userId));
    expect(rows).toEqual([]);
  });

  it('refuses each rule with its message: the minimum to receive, the pair, the places; nothing is quoted', async () => {
    const me = await realUser();
    const cases: [Record<string, unknown>, string][] = [
      // 0.001 BTC × 0.998 × 60000 = 59.88 USD < 100.
      [{ from: 'BTC', to: 'USD', amount: '0.001' }, 'validation.exchangeMinimum.USD'],
      // 50 USD × 0.998 / 60000 = 0.00083166 BTC < 0.001.
      [{ from: 'USD', to: 'BTC', amount: '50' }, 'validation.exchangeMinimum.BTC'],
      // 200 USD × 0.998 / 3000 = 0.06653333 ETH < 0.1.
      [{ from: 'USD', to: 'ETH', amount: '200' }, 'validation.exchangeMinimum.ETH'],
      // 10 USD less its fee gives 9.98 USDT < 10.
      [{ from: 'USD', to: 'USDT', amount: '10' }, 'validation.exchangeMinimum.USDT'],
      [{ from: 'BTC', to: 'ETH', amount: '1' }, 'validation.exchangePair'],
      [{ from: 'USDT', to: 'USD', amount: '150.1234567' }, 'validation.amountPlaces.USDT'],
      [{ from: 'BTC', to: 'USD', amount: '' }, 'validation.enterAmount'],
      [{ from: 'BTC', to: 'USD', amount: '0' }, 'validation.enterCorrectAmount'],
    ];
    for (const [body, message] of cases) {
      const res = await quote(me, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ code: '400', message });
    }
    // Just above the minimum is enough: 0.1 ETH ← 0.1 × 3000 / 0.998 = 300.6012… USD; 300.61 USD less its fee
    // 0.60122 is 300.00878, / 3000 = 0.1000029266… → 0.10000292 ETH.
    expect((await quote(me, { from: 'USD', to: 'ETH', amount: '300.61' })).json()).toMatchObject({
      code: '200',
      result: { received: '0.10000292' },
    });
    expect(await api.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, me.userId))).toHaveLength(1);
  });

  it('the whole of a balance below the minimum may always be exchanged (SPEC §0 rule 8), and nothing less of it', async () => {
    const me = await realUser();
    await fund(me, 'BTC', '0.001');
    // 0.0009 BTC of 0.001 gives 53.892 USD < 100: refused.
    expect((await quote(me, { from: 'BTC', to: 'USD', amount: '0.0009' })).json()).toMatchObject({
      message: 'validation.exchangeMinimum.USD',
    });
    // All of it: 0.001 less its fee 0.000002 = 0.000998 × 60000 = 59.88 USD, quoted and carried out.
    const whole = await quote(me, { from: 'BTC', to: 'USD', amount: '0.001' });
    expect(whole.json()).toMatchObject({ code: '200', result: { fee: '0.000002', received: '59.88' } });
    // Two whole-balance quotes; more BTC arrives: neither is the whole balance any more, and both are refused.
    const again = await quote(me, { from: 'BTC', to: 'USD', amount: '0.001' });
    await fund(me, 'BTC', '0.0005');
    expect((await submit(me, whole.json().result.quoteId as string)).json()).toMatchObject({ message: 'validation.exchangeMinimum.USD' });
    expect(await balances(me)).toMatchObject({ BTC: '0.0015', USD: '0' });
    // The whole balance again: 0.0015 less its fee 0.000003 = 0.001497 × 60000 = 89.82 USD.
    const all = await quote(me, { from: 'BTC', to: 'USD', amount: '0.0015' });
    expect(all.json()).toMatchObject({ code: '200', result: { received: '89.82' } });
    expect((await submit(me, all.json().result.quoteId as string)).json().code).toBe('200');
    expect((await submit(me, again.json().result.quoteId as string)).json().code).not.toBe('200');
    expect(await balances(me)).toMatchObject({ BTC: '0', USD: '89.82' });
  });

  it('a pair without a live price is refused with 10124 (no quote stored)', async () => {
    const me = await realUser();
    const db = api.database.db;
    const noPrice = new FlashExchange(
      db,
      new SettingsCache(db),
      () => undefined,
      () => clock,
    );
    const refused = await noPrice.quote(me.userId, { from: 'BTC', to: 'USD', amount: '1' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ code: '10124', httpStatus: 409 });
    expect(await db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, me.userId))).toEqual([]);
  });

  it('the clean-ups forget unused quotes an hour after they expired, never a used one', async () => {
    const me = await realUser();
    await fund(me, 'USD', '500');
    const unused = await quoteId(me, { from: 'USD', to: 'USDT', amount: '200' });
    const used = await quoteId(me, { from: 'USD', to: 'USDT', amount: '200' });
    expect((await submit(me, used)).json().code).toBe('200');
    const db = api.database.db;
    await cleanExchangeQuotes(db, clock + EXCHANGE_QUOTE_TTL_MS);
    expect(await db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, me.userId))).toHaveLength(2);
    await cleanExchangeQuotes(db, clock + EXCHANGE_QUOTE_TTL_MS + 3_600_001);
    const left = await db.select({ id: exchangeQuotes.id }).from(exchangeQuotes).where(eq(exchangeQuotes.userId, me.userId));
    expect(left.map((q) => q.id)).toEqual([used]);
    expect(left.map((q) => q.id)).not.toContain(unused);
  });

  it('the fee is the operator setting flash_exchange_fee_percent (0.2 by default), read by anyone', async () => {
    const param = await api.app.inject({
      method: 'GET',
      url: endpointPath(contentEndpoints.getParamByKey, { key: 'flash_exchange_fee_percent' }),
    });
    expect(param.json().result).toEqual({ key: 'flash_exchange_fee_percent', value: '0.2' });
    const set = (value: string) =>
      api.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/flash_exchange_fee_percent',
        payload: { value },
        headers: { authorization: `Bearer ${admin.token}` },
      });
    expect((await set('101')).json().code).toBe('10206');
    expect((await set('1')).json().code).toBe('200');
    const me = await realUser();
    // 1000 USD at 1 % = 10 USD; 990 USD → 990 USDT.
    expect((await quote(me, { from: 'USD', to: 'USDT', amount: '1000' })).json().result).toMatchObject({
      feePercent: '1',
      fee: '10',
      received: '990',
    });
    expect((await set('0')).json().code).toBe('200');
    expect((await quote(me, { from: 'USD', to: 'USDT', amount: '1000' })).json().result).toMatchObject({
      feePercent: '0',
      fee: '0',
      received: '1000',
    });
    expect((await set('0.2')).json().code).toBe('200');
    await expectLedgerBalanced(api.database.db);
  });
});
