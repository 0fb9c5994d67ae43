import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../../src/accounts/limits.ts';
import { verificationCodes } from '../../src/db/schema.ts';
import { buildApi } from '../../src/app.ts';
import { OPERATOR_TOKEN } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { PASSWORD, auth, codeFromOutbox, signUp } from '../accounts-helpers.ts';

/*
 * Issue 14, finding 1: wrong passwords typed by someone else must not lock the owner out. Tries are
 * counted per account and address; a reset or a change of the password lifts every lock.
 */
const LOGIN = '/api/swx/customer/login';
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: `${LOGIN}/login`,
    payload: { email, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** Ten wrong passwords from one address: that address is refused, even with the right password. */
async function lockFrom(app: FastifyInstance, email: string, address: string): Promise<void> {
  for (let i = 0; i < 10; i += 1) expect((await login(app, email, 'wrong password 1', address)).json().code).toBe('10004');
  const refused = await login(app, email, PASSWORD, address);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: '429', result: null });
}

describe('a locked address never locks the owner out', () => {
  const api = withTestApi();

  it('ten wrong passwords from one address lock that address only: the owner signs in from another', async () => {
    const { email } = await signUp(api.app);
    await lockFrom(api.app, email, ATTACKER);
    const owner = await login(api.app, email, PASSWORD, OWNER);
    expect(owner.json().code).toBe('200');
    expect(owner.json().result.token).toEqual(expect.any(String));
    // The attacker's address stays refused after the owner's success.
    expect((await login(api.app, email, PASSWORD, ATTACKER)).statusCode).toBe(429);
  });

  it('strangers sharing the owner’s address (an office, a café) lock only themselves, not the owner’s own browser', async () => {
    const office = '192.0.2.77';
    const { email, device } = await signUp(api.app);
    await lockFrom(api.app, email, office);
    const owner = await login(api.app, email, PASSWORD, office, device);
    expect(owner.json().code).toBe('200');
    // Wrong tries from that browser itself do count against it.
    for (let i = 0; i < 10; i += 1) await login(api.app, email, 'wrong password 1', office, device);
    expect((await login(api.app, email, PASSWORD, office, device)).statusCode).toBe(429);
  });

  it('a password reset lifts the lock, even at the address that was locked', async () => {
    const { email } = await signUp(api.app);
    await lockFrom(api.app, email, OWNER);
    // The sign-up code was mailed a moment ago: the resend wait is over.
    await api.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.email, email));
    const sent = await api.app.inject({
      method: 'POST',
      url: `${LOGIN}/sendCode`,
      payload: { email, purpose: 'reset' },
      remoteAddress: OWNER,
    });
    expect(sent.json().code).toBe('200');
    const reset = await api.app.inject({
      method: 'POST',
      url: `${LOGIN}/resetPassword`,
      payload: { email, code: await codeFromOutbox(api.app, email), password: 'brand new 99' },
      remoteAddress: OWNER,
    });
    expect(reset.json().code).toBe('20005');
    expect((await login(api.app, email, 'brand new 99', OWNER)).json().code).toBe('200');
  });

  it('a password change lifts the lock', async () => {
    const { email, token } = await signUp(api.app);
    await lockFrom(api.app, email, OWNER);
    const changed = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/repassword',
      headers: auth(token),
      payload: { oldPassword: PASSWORD, password: 'next pass 123' },
      remoteAddress: OWNER,
    });
    expect(changed.json().code).toBe('20005');
    expect((await login(api.app, email, 'next pass 123', OWNER)).json().code).toBe('200');
  });

  it('counts an IPv6 caller by its /64: changing the last bits does not buy more tries', async () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    const { email } = await signUp(api.app);
    for (let i = 0; i < 10; i += 1) await login(api.app, email, 'wrong password 1', `2001:db8:7:7::${i + 1}`);
    expect((await login(api.app, email, PASSWORD, '2001:db8:7:7::99')).statusCode).toBe(429);
    expect((await login(api.app, email, PASSWORD, '2001:db8:7:8::1')).json().code).toBe('200');
  });

  describe('distributed guessing meets a per-account ceiling the owner’s browsers are exempt from', () => {
    let scaled: FastifyInstance;
    // A second node on the same database with a tenth of every allowance: one try per address, ten
    // per account, so the ceiling is quick to reach.
    beforeAll(async () => {
      scaled = await buildApi({ db: api.database.db, operatorToken: OPERATOR_TOKEN, rateLimitScale: 0.1 });
      await scaled.ready();
    });
    afterAll(async () => scaled.close());

    it('tries from many addresses are refused past the ceiling; the owner’s known browser still signs in', async () => {
      const { email } = await signUp(api.app);
      // The owner's browser: the device cookie of a sign-in that worked.
      const first = await login(scaled, email, PASSWORD, OWNER);
      expect(first.json().code).toBe('200');
      const device = first.cookies.find((c) => c.name === 'meridian_device');
      expect(device).toBeDefined();
      for (let i = 0; i < 10; i += 1)
        expect((await login(scaled, email, 'wrong password 1', `192.0.2.${i + 1}`)).json().code).toBe('10004');
      // A new address and no known browser: over the account's ceiling.
      expect((await login(scaled, email, PASSWORD, '192.0.2.200')).statusCode).toBe(429);
      // The owner's browser, from yet another address (a train's Wi-Fi): let in.
      const owner = await login(scaled, email, PASSWORD, '192.0.2.201', `meridian_device=${device!.value}`);
      expect(owner.json().code).toBe('200');
    });
  });
});
