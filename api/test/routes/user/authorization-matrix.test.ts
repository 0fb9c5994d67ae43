import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApi } from '../../suite-fixtures.ts';
import { PASSWORD, auth, signUp } from '../../accounts-helpers.ts';
import type { SignedUp } from '../../accounts-helpers.ts';

const USER = '/api/swx/customer/user';

/**
 * Every account endpoint, called with no token, with another user's token and with the owner's.
 * "Another user" must only ever reach their own data: the check reads what comes back.
 */
describe('authorization matrix of the account endpoints', () => {
  const api = withTestApi({ rateLimits: false });
  let owner: SignedUp;
  let intruder: SignedUp;
  let ownerNotification: number;

  beforeAll(async () => {
    owner = await signUp(api.app);
    intruder = await signUp(api.app);
    const list = await api.app.inject({ method: 'GET', url: `${USER}/listNotifications`, headers: auth(owner.token) });
    ownerNotification = list.json().result.items[0].id;
  });

  const endpoints: { method: 'GET' | 'POST'; path: string; body?: () => object; code?: string; ownerSees: (result: unknown) => void }[] = [
    { method: 'POST', path: 'getUserInfo', ownerSees: (r) => expect((r as { user: { id: string } }).user.id).toBe(owner.userId) },
    {
      method: 'POST',
      path: 'switchMode',
      body: () => ({ mode: 'demo' }),
      ownerSees: (r) => expect((r as { user: { id: string } }).user.id).toBe(owner.userId),
    },
    { method: 'POST', path: 'setLanguage', body: () => ({ language: 'en' }), code: '20005', ownerSees: (r) => expect(r).toBeNull() },
    { method: 'GET', path: 'listSessions', ownerSees: (r) => expect((r as unknown[]).length).toBeGreaterThan(0) },
    {
      method: 'GET',
      path: 'listNotifications',
      ownerSees: (r) => expect((r as { items: { id: number }[] }).items.map((n) => n.id)).toContain(ownerNotification),
    },
    {
      method: 'POST',
      path: 'readNotifications',
      body: () => ({ ids: [ownerNotification] }),
      ownerSees: (r) => expect(r).toEqual({ unread: 0 }),
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: no token → 401`, async () => {
      const res = await api.app.inject({
        method: endpoint.method,
        url: `${USER}/${endpoint.path}`,
        ...(endpoint.body ? { payload: endpoint.body() } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '401', result: null });
    });
  }

  it('another user reading or marking the owner’s data gets only their own', async () => {
    const info = await api.app.inject({ method: 'POST', url: `${USER}/getUserInfo`, headers: auth(intruder.token) });
    expect(info.json().result.user.id).toBe(intruder.userId);
    const notifications = await api.app.inject({ method: 'GET', url: `${USER}/listNotifications`, headers: auth(intruder.token) });
    expect(notifications.json().result.items.map((n: { id: number }) => n.id)).not.toContain(ownerNotification);
    const sessions = await api.app.inject({ method: 'GET', url: `${USER}/listSessions`, headers: auth(intruder.token) });
    expect(sessions.json().result).toHaveLength(1);
    // Marking the owner's notification as read with the intruder's token changes nothing for the owner.
    await api.app.inject({
      method: 'POST',
      url: `${USER}/readNotifications`,
      headers: auth(intruder.token),
      payload: { ids: [ownerNotification] },
    });
    const ownerList = await api.app.inject({ method: 'GET', url: `${USER}/listNotifications`, headers: auth(owner.token) });
    expect(ownerList.json().result.items.find((n: { id: number }) => n.id === ownerNotification).read).toBe(false);
    // Revoking "all" with the intruder's token ends only the intruder's sessions.
    await api.app.inject({ method: 'POST', url: `${USER}/revokeSessions`, headers: auth(intruder.token), payload: { scope: 'all' } });
    expect((await api.app.inject({ method: 'POST', url: `${USER}/getUserInfo`, headers: auth(owner.token) })).statusCode).toBe(200);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: the owner succeeds with their own data`, async () => {
      const res = await api.app.inject({
        method: endpoint.method,
        url: `${USER}/${endpoint.path}`,
        headers: auth(owner.token),
        ...(endpoint.body ? { payload: endpoint.body() } : {}),
      });
      expect(res.json().code).toBe(endpoint.code ?? '200');
      endpoint.ownerSees(res.json().result);
    });
  }

  it('repassword, resetDemo and revokeSessions: no token → 401; owner → own account only', async () => {
    for (const path of ['repassword', 'resetDemo', 'revokeSessions']) {
      expect((await api.app.inject({ method: 'POST', url: `${USER}/${path}`, payload: {} })).statusCode).toBe(401);
    }
    const other = await api.app.inject({
      method: 'POST',
      url: `${USER}/repassword`,
      headers: auth(intruder.token),
      payload: { oldPassword: PASSWORD, password: 'taken over 1' },
    });
    // The intruder's revoked token no longer works at all.
    expect(other.statusCode).toBe(401);
    const ok = await api.app.inject({
      method: 'POST',
      url: `${USER}/repassword`,
      headers: auth(owner.token),
      payload: { oldPassword: PASSWORD, password: 'owner next 2' },
    });
    expect(ok.json().code).toBe('20005');
  });
});
