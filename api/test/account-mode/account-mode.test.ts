import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODE_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { contractOrders, idempotencyKeys, ledgerTransfers, optionsOrders, users } from '../../src/db/schema.ts';
import { holdStoredMode } from '../../src/plugins/user-auth.ts';
import { databaseKind } from '../helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { cashOf, expectLedgerBalanced, moveCash } from '../ledger-helpers.ts';
import { withTradingApi } from '../trading/trading-fixture.ts';

/**
 * Issue 31 item 1: the account mode is the server's (switchMode stores it), never the `virtually`
 * header's. A header naming the other mode is refused with `accountModeChanged` and the mode in use,
 * and changes nothing; an agreeing header or none acts on the stored mode.
 */
const t = withTradingApi();
beforeAll(async () => {
  await t.tick(t.btc.id, '50000.00');
});

const CUSTOMER = '/api/swx/customer';
/** The header a window in `mode` sends; `none` sends no header at all. */
type Header = AccountModeName | 'none';
const headersOf = (user: SignedUp, header: Header, key?: string) => ({
  authorization: user.token,
  ...(header === 'none' ? {} : { virtually: header === 'demo' ? 'NO' : 'YES' }),
  ...(key ? { 'idempotency-key': key } : {}),
});
const call = (method: 'GET' | 'POST', path: string, user: SignedUp, header: Header, body?: object, key?: string) =>
  t.app.inject({ method, url: `${CUSTOMER}/${path}`, headers: headersOf(user, header, key), ...(body ? { payload: body } : {}) });
const buy = (user: SignedUp, header: Header, key: string = crypto.randomUUID()) =>
  call('POST', 'order/buyContracts', user, header, { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10 }, key);
const buyOption = (user: SignedUp, header: Header) =>
  call(
    'POST',
    'order/buyOptions',
    user,
    header,
    { instrumentId: t.btc.id, direction: 'up', amount: '100', period: 60 },
    crypto.randomUUID(),
  );

async function switchTo(user: SignedUp, mode: AccountModeName) {
  const res = await call('POST', 'user/switchMode', user, 'none', { mode });
  expect(res.json()).toMatchObject({ code: '200', result: { user: { accountMode: mode } } });
}

/** Everything a refused call must leave as it was: orders, options, ledger entries, balances, keys, the mode. */
async function footprint(user: SignedUp) {
  const db = t.database.db;
  const [mode] = await db.select({ mode: users.accountMode }).from(users).where(eq(users.id, user.userId));
  return {
    mode: mode?.mode,
    contracts: (await db.select().from(contractOrders).where(eq(contractOrders.userId, user.userId))).map((o) => `${o.id}:${o.status}`),
    options: (await db.select().from(optionsOrders).where(eq(optionsOrders.userId, user.userId))).map((o) => `${o.id}:${o.status}`),
    transfers: (await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, user.userId))).length,
    keys: (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.userId))).length,
    demo: await cashOf(db, user.userId, 'demo'),
    real: await cashOf(db, user.userId, 'real'),
  };
}

/** The refusal: its code, the mode in use as the result, and no change at all. */
async function expectRefused(user: SignedUp, action: () => Promise<{ statusCode: number; json: () => unknown }>, inUse: AccountModeName) {
  const before = await footprint(user);
  const res = await action();
  expect(res.json()).toEqual({ code: MODE_CODES.accountModeChanged, message: expect.any(String), result: { mode: inUse } });
  expect(res.statusCode).toBe(409);
  expect(await footprint(user)).toEqual(before);
}

/** A user in the real mode with real money, holding one real position; the demo account untouched. */
async function realTrader() {
  const me = await t.user();
  await moveCash(t.database.db, me.userId, 'real', '10000');
  await switchTo(me, 'real');
  const opened = await buy(me, 'real');
  expect(opened.json().code, opened.body).toBe('200');
  return { me, position: opened.json().result.id as string };
}

describe(`the account mode is the server's, not the header's (${databaseKind})`, () => {
  it('after switchMode real, a buyContracts with `virtually: NO` is refused and opens no demo position; YES trades real', async () => {
    const me = await t.user();
    await switchTo(me, 'real');
    await moveCash(t.database.db, me.userId, 'real', '1000');
    await expectRefused(me, () => buy(me, 'demo'), 'real');
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');

    const agreed = await buy(me, 'real');
    expect(agreed.json()).toMatchObject({ code: '200', result: { status: 'holding', margin: '500' } });
    // 1,000 − 500 margin − 5 fee, in the real account; the demo account never moved.
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('495');
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
    await expectLedgerBalanced(t.database.db);
  });

  it('in demo mode, `virtually: YES` never reaches the real ledger: buyContracts and buyOptions are refused', async () => {
    const me = await t.user();
    await moveCash(t.database.db, me.userId, 'real', '10000');
    await expectRefused(me, () => buy(me, 'real'), 'demo');
    await expectRefused(me, () => buyOption(me, 'real'), 'demo');
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('10000');

    const contract = await buy(me, 'demo');
    expect(contract.json().code, contract.body).toBe('200');
    const option = await buyOption(me, 'demo');
    expect(option.json().code, option.body).toBe('200');
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('99395');
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('10000');
  });

  it('closeContracts with the other mode is refused and the position stays open; the agreeing header closes it', async () => {
    const { me, position } = await realTrader();
    await expectRefused(me, () => call('POST', `order/closeContracts/${position}`, me, 'demo', undefined, crypto.randomUUID()), 'real');
    const [row] = await t.database.db
      .select()
      .from(contractOrders)
      .where(eq(contractOrders.id, Number(position)));
    expect(row?.status).toBe('holding');
    const closed = await call('POST', `order/closeContracts/${position}`, me, 'real', undefined, crypto.randomUUID());
    expect(closed.json()).toMatchObject({ code: '200', result: { order: { status: 'closed', closeReason: 'user' } } });
    await expectLedgerBalanced(t.database.db);
  });

  it('cancelOrder of a pending real limit order with the other mode is refused and the hold stays; the agreeing header cancels it', async () => {
    const me = await t.user();
    await moveCash(t.database.db, me.userId, 'real', '10000');
    await switchTo(me, 'real');
    const limit = { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10, limitPrice: '40000' };
    const placed = await call('POST', 'order/buyContracts', me, 'real', limit, crypto.randomUUID());
    expect(placed.json()).toMatchObject({ code: '200', result: { status: 'pending', orderType: 'limit' } });
    const id = placed.json().result.id as string;
    const held = await cashOf(t.database.db, me.userId, 'real');
    await expectRefused(me, () => call('POST', `order/cancelOrder/${id}`, me, 'demo', undefined, crypto.randomUUID()), 'real');
    await expectRefused(me, () => call('POST', 'order/buyContracts', me, 'demo', limit, crypto.randomUUID()), 'real');
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe(held);
    const cancelled = await call('POST', `order/cancelOrder/${id}`, me, 'real', undefined, crypto.randomUUID());
    expect(cancelled.json()).toMatchObject({ code: '200', result: { id, status: 'cancelled' } });
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('10000');
  });

  it('buyOptions in real mode with `virtually: NO` is refused; with YES it stakes real money', async () => {
    const { me } = await realTrader();
    await expectRefused(me, () => buyOption(me, 'demo'), 'real');
    const before = await cashOf(t.database.db, me.userId, 'real');
    const option = await buyOption(me, 'real');
    expect(option.json()).toMatchObject({ code: '200', result: { amount: '100' } });
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe(String(Number(before) - 100));
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
  });

  it('resetDemo from a window still on demo after a switch to real is refused and resets nothing', async () => {
    const me = await t.user();
    await moveCash(t.database.db, me.userId, 'demo', '-500');
    await switchTo(me, 'real');
    await expectRefused(me, () => call('POST', 'user/resetDemo', me, 'demo'), 'real');
    // Nor from the real window: only the demo account in use is reset.
    await expectRefused(me, () => call('POST', 'user/resetDemo', me, 'real'), 'real');
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('99500');

    await switchTo(me, 'demo');
    const reset = await call('POST', 'user/resetDemo', me, 'demo');
    expect(reset.json()).toMatchObject({ code: '200', result: { mode: 'demo', baseBalance: '100000' } });
  });

  it('a refused order does not use up its Idempotency-Key: the same submit, sent again from the right mode, goes through once', async () => {
    const me = await t.user();
    await switchTo(me, 'real');
    await moveCash(t.database.db, me.userId, 'real', '1000');
    const key = crypto.randomUUID();
    expect((await buy(me, 'demo', key)).json().code).toBe(MODE_CODES.accountModeChanged);
    const first = await buy(me, 'real', key);
    const again = await buy(me, 'real', key);
    expect(first.json().code).toBe('200');
    expect(again.json().result.id).toBe(first.json().result.id);
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('495');
  });

  it('a retry whose first answer was lost is answered with it after a switch, not refused: the order is placed once', async () => {
    const me = await t.user();
    await switchTo(me, 'real');
    await moveCash(t.database.db, me.userId, 'real', '1000');
    const key = crypto.randomUUID();
    const first = await buy(me, 'real', key);
    expect(first.json().code).toBe('200');
    await switchTo(me, 'demo');
    // The tab that sent it retries as it was (still saying real), or without the header.
    for (const header of ['real', 'none'] as const) {
      const again = await buy(me, header, key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toMatchObject({ code: '200', result: { id: first.json().result.id } });
    }
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('495');
    // A new submit from the stale tab is still refused.
    expect((await buy(me, 'real')).json().code).toBe(MODE_CODES.accountModeChanged);
  });

  it('every mode-dependent read refuses the other mode and answers the stored one: lists, one option, user info', async () => {
    const { me, position } = await realTrader();
    const option = (await buyOption(me, 'real')).json().result as { id: string };
    const reads: [string, 'GET' | 'POST', string][] = [
      ['listOrder', 'GET', 'order/listOrder?status=holding'],
      ['listOptionsOrder', 'GET', 'order/listOptionsOrder?status=open'],
      ['getOptionsOrderById', 'GET', `order/getOptionsOrderById/${option.id}`],
      ['getUserInfo', 'POST', 'user/getUserInfo'],
    ];
    for (const [name, method, path] of reads) {
      const refused = await call(method, path, me, 'demo');
      expect(refused.json(), name).toEqual({ code: MODE_CODES.accountModeChanged, message: expect.any(String), result: { mode: 'real' } });
      for (const header of ['real', 'none'] as const) {
        const res = await call(method, path, me, header);
        expect(res.json().code, `${name} ${header}`).toBe('200');
      }
    }
    const list = (await call('GET', 'order/listOrder?status=holding', me, 'none')).json().result;
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([position]);
    const info = (await call('POST', 'user/getUserInfo', me, 'none')).json().result;
    expect(info).toMatchObject({ user: { accountMode: 'real' }, account: { mode: 'real', bondAmount: '500' } });

    // Back in demo: the same reads answer demo (empty lists, 100,000) and refuse the real header.
    await switchTo(me, 'demo');
    expect((await call('GET', 'order/listOrder?status=holding', me, 'real')).json().result).toEqual({ mode: 'demo' });
    expect((await call('GET', 'order/listOrder?status=holding', me, 'demo')).json().result.total).toBe(0);
    expect((await call('GET', `order/getOptionsOrderById/${option.id}`, me, 'demo')).statusCode).toBe(404);
    expect((await call('POST', 'user/getUserInfo', me, 'none')).json().result.account).toMatchObject({
      mode: 'demo',
      baseBalance: '100000',
    });
  });

  it('the stored mode is read again inside the money transaction: a switch committed after the request was read is refused, and a switch waits for a call under way', async () => {
    const me = await t.user();
    // A call read while real was in use, whose transaction starts after the switch back to demo committed.
    await expect(t.database.db.transaction((tx) => holdStoredMode(tx, me.userId, 'real'))).rejects.toMatchObject({
      code: MODE_CODES.accountModeChanged,
      httpStatus: 409,
      result: { mode: 'demo' },
    });
    // A call under way in demo holds the user's row: switchMode to real waits until it commits.
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const call = t.database.db.transaction(async (tx) => {
      await holdStoredMode(tx, me.userId, 'demo');
      held();
      await holding;
    });
    await isHeld;
    let switched = false;
    const switching = switchTo(me, 'real').then(() => (switched = true));
    // Give the switch every chance to overtake the call: it must not.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(switched).toBe(false);
    release();
    await call;
    await switching;
    expect(switched).toBe(true);
    // The next call reads the new mode.
    await t.database.db.transaction((tx) => holdStoredMode(tx, me.userId, 'real'));
  });

  it('a request without the header acts on the stored mode (money calls too)', async () => {
    const me = await t.user();
    await moveCash(t.database.db, me.userId, 'real', '1000');
    await switchTo(me, 'real');
    expect((await buy(me, 'none')).json().code).toBe('200');
    expect(await cashOf(t.database.db, me.userId, 'real')).toBe('495');
    expect(await cashOf(t.database.db, me.userId, 'demo')).toBe('100000');
  });

  it('the OpenAPI document states the refusal (409, the mode in use) on every mode-dependent call', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    const calls = [
      ['post', 'order/buyContracts'],
      ['post', 'order/closeContracts/{id}'],
      ['post', 'order/cancelOrder/{id}'],
      ['post', 'order/buyOptions'],
      ['get', 'order/listOrder'],
      ['get', 'order/listOptionsOrder'],
      ['get', 'order/getOptionsOrderById/{id}'],
      ['post', 'user/getUserInfo'],
      ['post', 'user/resetDemo'],
    ] as const;
    for (const [method, path] of calls) {
      const responses = doc.paths[`${CUSTOMER}/${path}`]?.[method]?.responses as Record<string, unknown> | undefined;
      expect(JSON.stringify(responses?.['409']), path).toContain('"mode"');
    }
  });

  it('switchMode itself is not refused for the header of the mode being left, and a header value other than YES/NO names nothing', async () => {
    const me = await t.user();
    const res = await call('POST', 'user/switchMode', me, 'demo', { mode: 'real' });
    expect(res.json()).toMatchObject({ code: '200', result: { user: { accountMode: 'real' }, account: { mode: 'real' } } });
    const odd = await t.app.inject({
      method: 'POST',
      url: `${CUSTOMER}/user/getUserInfo`,
      headers: { authorization: me.token, virtually: 'MAYBE' },
    });
    expect(odd.json().result.account.mode).toBe('real');
  });
});
