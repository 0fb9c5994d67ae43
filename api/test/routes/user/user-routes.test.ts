import { moneyString } from '@meridian/contracts';
import { cashOf, moveCash } from '../../ledger-helpers.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../../src/db/schema.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { PASSWORD, auth, signUp } from '../../accounts-helpers.ts';
import type { SignedUp } from '../../accounts-helpers.ts';

const USER = '/api/swx/customer/user';

describe('account modes, balances, password, sessions, notifications', () => {
  const api = withTestApi({ rateLimits: false });

  const call = (method: 'GET' | 'POST', path: string, who: SignedUp, payload?: object, mode: 'demo' | 'real' = 'demo') =>
    api.app.inject({ method, url: `${USER}/${path}`, headers: auth(who.token, mode), ...(payload ? { payload } : {}) });

  it('the stored mode picks the account: demo starts at 100,000, real at 0', async () => {
    const me = await signUp(api.app);
    const demo = (await call('POST', 'getUserInfo', me, undefined, 'demo')).json().result;
    await call('POST', 'switchMode', me, { mode: 'real' });
    const real = (await call('POST', 'getUserInfo', me, undefined, 'real')).json().result;
    expect(demo.user.email).toBe(me.email);
    expect(demo.account).toMatchObject({ mode: 'demo', baseBalance: '100000', totalAssets: '100000' });
    expect(real.account).toMatchObject({ mode: 'real', baseBalance: '0', totalAssets: '0' });
  });

  it('switching the mode persists on the account', async () => {
    const me = await signUp(api.app);
    const switched = (await call('POST', 'switchMode', me, { mode: 'real' })).json().result;
    expect(switched.user.accountMode).toBe('real');
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(login.json().result.user.accountMode).toBe('real');
    expect((await call('POST', 'switchMode', me, { mode: 'bogus' })).statusCode).toBe(400);
  });

  it('reset demo balance: refused at the start value (10097), restores 100,000 with one ledger entry', async () => {
    const me = await signUp(api.app);
    expect((await call('POST', 'resetDemo', me)).json().code).toBe('10097');
    await moveCash(api.database.db, me.userId, 'demo', '-87654.32999999');
    const [a, b] = await Promise.all([call('POST', 'resetDemo', me), call('POST', 'resetDemo', me)]);
    const codes = [a.json().code, b.json().code].sort();
    // Two concurrent resets: one resets, the other finds nothing to do.
    expect(codes).toEqual(['10097', '200']);
    const ledger = await api.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.userId, me.userId))
      .orderBy(ledgerTransfers.id);
    expect(ledger.map((l) => [l.type, moneyString(l.amount)])).toEqual([
      ['demo_grant', '100000'],
      ['correction', '87654.32999999'],
      ['demo_reset', '87654.32999999'],
    ]);
    expect(await cashOf(api.database.db, me.userId, 'demo')).toBe('100000');
    await call('POST', 'switchMode', me, { mode: 'real' });
    const real = (await call('POST', 'getUserInfo', me, undefined, 'real')).json().result.account;
    expect(real.baseBalance).toBe('0');
  });

  it('changing the password needs the current one, signs other devices out and notifies', async () => {
    const me = await signUp(api.app);
    const other = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: { email: me.email, password: PASSWORD },
    });
    const otherToken = other.json().result.token as string;
    expect((await call('POST', 'repassword', me, { oldPassword: 'not it 123', password: 'next pass 123' })).json().code).toBe('10004');
    expect((await call('POST', 'repassword', me, { oldPassword: PASSWORD, password: 'short' })).statusCode).toBe(400);
    expect((await call('POST', 'repassword', me, { oldPassword: PASSWORD, password: 'next pass 123' })).json().code).toBe('20005');
    expect((await api.app.inject({ method: 'POST', url: `${USER}/getUserInfo`, headers: { authorization: otherToken } })).statusCode).toBe(
      401,
    );
    expect((await call('POST', 'getUserInfo', me)).json().code).toBe('200');
    const list = (await call('GET', 'listNotifications', me)).json().result;
    expect(list.items.map((n: { kind: string }) => n.kind)).toContain('passwordChanged');
  });

  it('lists signed-in devices, marks this one, and signs the others out', async () => {
    const me = await signUp(api.app);
    await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: { email: me.email, password: PASSWORD },
      headers: { 'user-agent': 'Second Browser' },
    });
    const sessions = (await call('GET', 'listSessions', me)).json().result as { current: boolean; userAgent: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect((await call('POST', 'revokeSessions', me, { scope: 'others' })).json().result).toEqual({ revoked: 1 });
    expect((await call('GET', 'listSessions', me)).json().result).toHaveLength(1);
    expect((await call('POST', 'revokeSessions', me, { scope: 'all' })).json().result).toEqual({ revoked: 1 });
    expect((await call('GET', 'listSessions', me)).statusCode).toBe(401);
  });

  it('a sign-in from a new device creates a notification; unread count and mark read', async () => {
    const me = await signUp(api.app);
    await api.app.inject({ method: 'POST', url: '/api/swx/customer/login/login', payload: { email: me.email, password: PASSWORD } });
    const list = (await call('GET', 'listNotifications', me)).json().result;
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['newDevice', 'welcome']);
    expect(list.unread).toBe(2);
    const newest = list.items[0].id as number;
    expect((await call('POST', 'readNotifications', me, { ids: [newest] })).json().result).toEqual({ unread: 1 });
    expect((await call('POST', 'readNotifications', me, {})).json().result).toEqual({ unread: 0 });
  });
});
