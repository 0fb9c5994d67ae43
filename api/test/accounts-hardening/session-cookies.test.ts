import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { WalletNonceResult } from '@meridian/contracts';
import { REFRESH_GRACE_SECONDS } from '../../src/accounts/sessions.ts';
import { buildApi } from '../../src/app.ts';
import { sessions } from '../../src/db/schema.ts';
import { totpAt } from '../../src/operators/totp.ts';
import { OPERATOR_TOKEN } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { PASSWORD, freshEmail, refreshCookie, siweMessage, signUp, userInfo } from '../accounts-helpers.ts';
import { OPERATOR_PASSWORD, makeOperator } from '../operators/operator-helpers.ts';

/*
 * Issue 14, findings 2–5: the development outbox is off unless asked for; the calls acting on the
 * refresh cookie answer only the site's own pages; two refreshes at once keep the session; no answer
 * carrying a token may be stored by a cache.
 */
const LOGIN = '/api/swx/customer/login';
const SITE = 'https://meridian.example';

describe('session cookies and token answers', () => {
  const api = withTestApi({ rateLimits: false, siteOrigin: SITE });

  const post = (path: string, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url: `${LOGIN}/${path}`, payload: {}, headers });

  describe('refresh and logout answer only the site’s own pages', () => {
    it('another site’s page cannot refresh: 403 in the envelope, and the cookie is neither used nor rotated', async () => {
      const { cookie } = await signUp(api.app);
      for (const origin of ['https://evil.example', 'null', 'https://meridian.example.evil.example']) {
        const refused = await post('refresh', { cookie, origin });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ code: '403', message: 'origin not allowed', result: null });
        expect(refused.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
      }
      // The cookie is still the session's current one.
      const own = await post('refresh', { cookie, origin: SITE });
      expect(own.json().code).toBe('200');
    });

    it('another site’s page cannot sign the user out', async () => {
      const { cookie, token } = await signUp(api.app);
      const refused = await post('logout', { cookie, authorization: token, origin: 'https://evil.example' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('403');
      expect((await userInfo(api.app, token)).json().code).toBe('200');
      expect((await post('logout', { cookie, authorization: token, origin: SITE })).json().code).toBe('200');
      expect((await userInfo(api.app, token)).statusCode).toBe(401);
    });

    it('a page of the host the request was sent to, or a caller without Origin, is served', async () => {
      const { cookie } = await signUp(api.app);
      const sameHost = await post('refresh', { cookie, origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' });
      expect(sameHost.json().code).toBe('200');
      expect((await post('refresh', { cookie: refreshCookie(sameHost) })).json().code).toBe('200');
    });
  });

  describe('two refreshes at once', () => {
    it('both succeed with the same cookie; the newest cookie keeps working', async () => {
      const signedUp = await signUp(api.app);
      // A browser sends its device cookie with the refresh one.
      const cookie = `${signedUp.cookie}; ${signedUp.device}`;
      const both = await Promise.all([post('refresh', { cookie, origin: SITE }), post('refresh', { cookie, origin: SITE })]);
      expect(both.map((r) => r.json().code)).toEqual(['200', '200']);
      for (const res of both) expect((await userInfo(api.app, res.json().result.token as string)).json().code).toBe('200');
      // One answer rotated the cookie; the other left it as the first one set it.
      const rotated = both.filter((r) => r.cookies.some((c) => c.name === 'meridian_refresh' && c.value !== ''));
      expect(rotated).toHaveLength(1);
      const third = await post('refresh', { cookie: refreshCookie(rotated[0]!), origin: SITE });
      expect(third.json().code).toBe('200');
      expect((await userInfo(api.app, third.json().result.token as string)).json().code).toBe('200');
    });

    it('a copied cookie replayed at once from another browser ends the session: the grace is for the same browser', async () => {
      const { cookie, device } = await signUp(api.app);
      const rotated = await post('refresh', { cookie: `${cookie}; ${device}` });
      expect(rotated.json().code).toBe('200');
      // The thief holds the cookie just rotated away, inside the grace period, but not the owner's device cookie.
      expect((await post('refresh', { cookie: `${cookie}; meridian_device=${'x'.repeat(32)}` })).statusCode).toBe(401);
      expect((await post('refresh', { cookie: refreshCookie(rotated) })).statusCode).toBe(401);
      expect((await userInfo(api.app, rotated.json().result.token as string)).statusCode).toBe(401);
    });

    it('a copied cookie replayed after the grace period still ends the session', async () => {
      const { cookie, userId } = await signUp(api.app);
      const first = await post('refresh', { cookie });
      const next = refreshCookie(first);
      // The rotation happened longer ago than the grace period.
      await api.database.db
        .update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - (REFRESH_GRACE_SECONDS + 1) * 1000) })
        .where(eq(sessions.userId, userId));
      expect((await post('refresh', { cookie })).statusCode).toBe(401);
      expect((await post('refresh', { cookie: next })).statusCode).toBe(401);
      expect((await userInfo(api.app, first.json().result.token as string)).statusCode).toBe(401);
    });
  });

  describe('answers carrying tokens are never stored', () => {
    const noStore = (res: { headers: Record<string, unknown> }) => expect(res.headers['cache-control']).toBe('no-store');

    it('register, login and refresh', async () => {
      const email = freshEmail();
      const sent = await api.app.inject({ method: 'POST', url: `${LOGIN}/sendCode`, payload: { email, purpose: 'register' } });
      noStore(sent);
      const outbox = await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      noStore(outbox);
      const code = /\b(\d{6})\b/.exec((outbox.json().result as { text: string }[])[0]!.text)![1]!;
      const registered = await api.app.inject({ method: 'POST', url: `${LOGIN}/register`, payload: { email, password: PASSWORD, code } });
      expect(registered.json().code).toBe('200');
      noStore(registered);
      const loggedIn = await api.app.inject({ method: 'POST', url: `${LOGIN}/login`, payload: { email, password: PASSWORD } });
      expect(loggedIn.json().code).toBe('200');
      noStore(loggedIn);
      const refreshed = await post('refresh', { cookie: refreshCookie(loggedIn) });
      expect(refreshed.json().code).toBe('200');
      noStore(refreshed);
      // Failures too: an envelope error is no more cacheable than a success.
      noStore(await post('refresh'));
      noStore(await userInfo(api.app, refreshed.json().result.token as string));
    });

    it('wallet sign-in', async () => {
      const wallet = Wallet.createRandom();
      const n = (await api.app.inject({ method: 'GET', url: `${LOGIN}/walletNonce?chain=ethereum` })).json().result as WalletNonceResult;
      const message = siweMessage(wallet, n);
      const res = await api.app.inject({
        method: 'POST',
        url: `${LOGIN}/loginByWallet`,
        payload: { chain: 'ethereum', address: wallet.address, message, signature: await wallet.signMessage(message) },
      });
      expect(res.json().code).toBe('200');
      noStore(res);
    });

    it('the social sign-in return, which sets the session cookie', async () => {
      const res = await api.app.inject({ method: 'GET', url: '/api/loginCallback/google?code=a&state=b' });
      expect(res.statusCode).toBe(303);
      noStore(res);
    });

    it('operator sign-in', async () => {
      const operator = await makeOperator(api.app, api.database.db, ['support']);
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/admin/auth/sign-in',
        remoteAddress: '10.77.0.1',
        payload: { email: operator.email, password: OPERATOR_PASSWORD, code: totpAt(operator.secret, Date.now() + 30_000) },
      });
      expect(res.json().code).toBe('200');
      noStore(res);
    });

    it('any other API answer, and an unknown API path, default to no-store', async () => {
      noStore(await api.app.inject({ method: 'GET', url: '/api/health' }));
      noStore(await api.app.inject({ method: 'GET', url: '/api/nowhere' }));
    });
  });

  describe('the development outbox', () => {
    /** A second API node on the same database, with its own options. */
    const outboxOf = async (options: { devOutbox?: boolean }) => {
      const other = await buildApi({ db: api.database.db, operatorToken: OPERATOR_TOKEN, ...options });
      try {
        await other.ready();
        return await other.inject({ method: 'GET', url: '/api/dev/outbox?to=someone@example.com' });
      } finally {
        await other.close();
      }
    };

    it('is not served unless asked for', async () => {
      const res = await outboxOf({});
      expect(res.statusCode).toBe(404);
      expect(res.json().result).toBeNull();
    });

    it('is never served in production mode, even when asked for (the test server asks for it and serves it)', async () => {
      expect((await api.app.inject({ method: 'GET', url: '/api/dev/outbox?to=someone@example.com' })).statusCode).toBe(200);
      const before = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        expect((await outboxOf({ devOutbox: true })).statusCode).toBe(404);
      } finally {
        process.env.NODE_ENV = before;
      }
    });
  });
});
