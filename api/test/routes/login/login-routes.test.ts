import { moneyString } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers, sessions, users, verificationCodes } from '../../../src/db/schema.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { PASSWORD, codeFromOutbox, freshEmail, refreshCookie, signUp } from '../../accounts-helpers.ts';

const LOGIN = '/api/swx/customer/login';

describe('sign-up, login, codes and sessions', () => {
  const api = withTestApi({ rateLimits: false });

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url: `${LOGIN}/${path}`, payload: payload as object, headers });

  it('registers with an emailed code: argon2id hash, demo 100,000 by a ledger entry, real 0, session cookie', async () => {
    const email = freshEmail('new');
    expect((await api.app.inject({ method: 'GET', url: `${LOGIN}/checkUserNameOrPhone?email=${email}` })).json().result).toEqual({
      available: true,
    });
    const { token, userId, cookie } = await signUp(api.app, email);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(cookie).toMatch(/^meridian_refresh=/);
    const [row] = await api.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.accountMode).toBe('demo');
    const ledger = await api.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, userId));
    expect(ledger.map((l) => [l.mode, l.type, moneyString(l.amount)])).toEqual([['demo', 'demo_grant', '100000']]);
    expect((await api.app.inject({ method: 'GET', url: `${LOGIN}/checkUserNameOrPhone?email=${email}` })).json().result).toEqual({
      available: false,
    });
  });

  it('sets the refresh cookie HttpOnly, Secure, SameSite=Strict, only for the login group', async () => {
    const email = freshEmail();
    await signUp(api.app, email);
    const res = await post('login', { email, password: PASSWORD });
    const cookie = res.cookies.find((c) => c.name === 'meridian_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/swx/customer/login' });
  });

  it('validates sign-up input on the server with the SPEC messages and stores nothing', async () => {
    const email = freshEmail();
    const res = await post('register', { email, password: 'short', code: '12' });
    expect(res.statusCode).toBe(400);
    const keys = res.json().result.issues.map((i: { key: string }) => i.key);
    expect(keys).toEqual(expect.arrayContaining(['validation.passwordRule', 'validation.codeFormat']));
    // A malformed email answers the seed's code (10002) instead: see seed-codes.test.ts.
    expect((await post('register', { email: 'not-an-email', password: 'short', code: '12' })).json().code).toBe('10002');
    const noDigits = await post('register', { email, password: 'lettersonly', code: '123456' });
    expect(noDigits.json().result.issues[0].key).toBe('validation.passwordRule');
    expect(await api.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a second account for the same email (10007) and a code for a registered email', async () => {
    const { email } = await signUp(api.app);
    expect((await post('sendCode', { email, purpose: 'register' })).json().code).toBe('10007');
  });

  it('a wrong code counts a try (10091); after 5 wrong tries the code is dead (10093) even when right', async () => {
    const email = freshEmail();
    await post('sendCode', { email, purpose: 'register' });
    const code = await codeFromOutbox(api.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email, password: PASSWORD, code: wrong };
    for (let i = 0; i < 4; i += 1) expect((await post('register', body)).json().code).toBe('10091');
    expect((await post('register', body)).json().code).toBe('10093');
    expect((await post('register', { ...body, code })).json().code).toBe('10093');
    expect(await api.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('a code works once: reusing it is refused (10091)', async () => {
    const email = freshEmail();
    await post('sendCode', { email, purpose: 'reset' });
    await signUp(api.app, email);
    // The registration code was spent by signUp; ask for a reset code and spend it twice.
    await api.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.email, email));
    await post('sendCode', { email, purpose: 'reset' });
    const code = await codeFromOutbox(api.app, email);
    expect((await post('resetPassword', { email, code, password: 'new password 7' })).json().code).toBe('20005');
    expect((await post('resetPassword', { email, code, password: 'other password 8' })).json().code).toBe('10091');
    expect((await post('login', { email, password: 'new password 7' })).json().code).toBe('200');
  });

  it('an expired code is refused (10092) and changes nothing', async () => {
    const email = freshEmail();
    await post('sendCode', { email, purpose: 'register' });
    const code = await codeFromOutbox(api.app, email);
    await api.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.email, email));
    expect((await post('register', { email, password: PASSWORD, code })).json().code).toBe('10092');
    expect(await api.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('throttles resending a code for a minute and says how long to wait', async () => {
    const email = freshEmail();
    expect((await post('sendCode', { email, purpose: 'register' })).json().result).toEqual({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    const again = await post('sendCode', { email, purpose: 'register' });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('mails the code in the language of the sign-up page', async () => {
    const email = freshEmail();
    await post('sendCode', { email, purpose: 'register', language: 'de' });
    const mail = (await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().result[0];
    expect(mail.subject).not.toBe('Your Meridian sign-up code');
    expect(mail.text).toMatch(/\d{6}/);
  });

  it('a wrong password and an unknown email get the same answer (10004)', async () => {
    const { email } = await signUp(api.app);
    const wrong = await post('login', { email, password: 'wrong password 1' });
    const unknown = await post('login', { email: freshEmail('nobody'), password: 'wrong password 1' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('10004');
    expect(wrong.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
  });

  it('a reset for an unknown email answers like a sent one and sends nothing', async () => {
    const email = freshEmail('ghost');
    expect((await post('sendCode', { email, purpose: 'reset' })).json().code).toBe('200');
    expect((await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().result).toEqual([]);
  });

  it('rotates the refresh token on use; replaying the old one revokes the session', async () => {
    const { cookie, token, userId } = await signUp(api.app);
    const first = await post('refresh', {}, { cookie });
    expect(first.json().code).toBe('200');
    const next = refreshCookie(first);
    expect(next).not.toBe(cookie);
    expect(first.json().result.token).not.toBe(token);
    // Past the grace period of parallel refreshes (accounts-hardening/session-cookies.test.ts):
    await api.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, userId));
    // The old cookie again: theft is assumed, the session ends for both.
    expect((await post('refresh', {}, { cookie })).statusCode).toBe(401);
    expect((await post('refresh', {}, { cookie: next })).statusCode).toBe(401);
  });

  it('logout revokes the access token and the refresh token', async () => {
    const { token, cookie } = await signUp(api.app);
    expect((await post('logout', {}, { authorization: token, cookie })).json().code).toBe('200');
    const info = await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/getUserInfo', headers: { authorization: token } });
    expect(info.statusCode).toBe(401);
    expect((await post('refresh', {}, { cookie })).statusCode).toBe(401);
  });

  it('a renewal does not end the access tokens other tabs hold; logout ends them all', async () => {
    const { token, cookie } = await signUp(api.app);
    const second = await post('refresh', {}, { cookie });
    const third = await post('refresh', {}, { cookie: refreshCookie(second) });
    const tokens = [token, second.json().result.token as string, third.json().result.token as string];
    const infoWith = (t: string) =>
      api.app.inject({ method: 'POST', url: '/api/swx/customer/user/getUserInfo', headers: { authorization: t } });
    for (const t of tokens) expect((await infoWith(t)).json().code).toBe('200');
    await post('logout', {}, { authorization: tokens[2]!, cookie: refreshCookie(third) });
    for (const t of tokens) expect((await infoWith(t)).statusCode).toBe(401);
  });

  it('a password reset signs every device out and tells the user', async () => {
    const { email, token } = await signUp(api.app);
    await api.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.email, email));
    await post('sendCode', { email, purpose: 'reset' });
    await post('resetPassword', { email, code: await codeFromOutbox(api.app, email), password: 'brand new 99' });
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/getUserInfo', headers: { authorization: token } })).statusCode,
    ).toBe(401);
    expect((await post('login', { email, password: PASSWORD })).json().code).toBe('10004');
  });
});

describe('abuse limits', () => {
  const api = withTestApi();

  it('after 10 failed logins for one account the next try is refused with 429, even with the right password', async () => {
    const { email } = await signUp(api.app);
    const login = (password: string) => api.app.inject({ method: 'POST', url: `${LOGIN}/login`, payload: { email, password } });
    for (let i = 0; i < 10; i += 1) expect((await login('wrong password 1')).json().code).toBe('10004');
    const refused = await login(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: '429', result: null });
    expect(refused.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
  });

  it('limits code sending per address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      const res = await api.app.inject({
        method: 'POST',
        url: `${LOGIN}/sendCode`,
        payload: { email: freshEmail('flood'), purpose: 'reset' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});
