import { ACCOUNT_CODES, SUCCESS_CODES } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { PASSWORD, auth, codeFromOutbox, freshEmail, signUp } from '../../accounts-helpers.ts';
import { userChanged } from '../../../src/accounts/user-changes.ts';

const LOGIN = '/api/swx/customer/login';
const USER = '/api/swx/customer/user';

/** SPEC §7 server codes where the login group and the account calls meet their meaning. */
describe('the seed codes of the login group', () => {
  const api = withTestApi({ rateLimits: false });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('10001: login and sign-up without a username or email answer the code in the body, not a 400', async () => {
    for (const body of [{ password: PASSWORD }, { email: '', password: PASSWORD }, { email: '   ', password: PASSWORD }]) {
      const res = await post(`${LOGIN}/login`, body);
      expect(res.json()).toMatchObject({ code: ACCOUNT_CODES.usernameOrEmailRequired, result: null });
      expect(res.json().code).toBe('10001');
    }
    const register = await post(`${LOGIN}/register`, { email: '', password: PASSWORD, code: '123456' });
    expect(register.json().code).toBe('10001');
    const check = await api.app.inject({ method: 'GET', url: `${LOGIN}/checkUserNameOrPhone` });
    expect(check.json().code).toBe('10001');
  });

  it('10002: a malformed email answers 10002 on login, sign-up, codes and reset', async () => {
    expect((await post(`${LOGIN}/login`, { email: 'not-an-email', password: PASSWORD })).json().code).toBe('10002');
    expect((await post(`${LOGIN}/register`, { email: 'a@', password: PASSWORD, code: '123456' })).json().code).toBe('10002');
    expect((await post(`${LOGIN}/sendCode`, { email: 'no at sign', purpose: 'register' })).json().code).toBe('10002');
    expect((await post(`${LOGIN}/resetPassword`, { email: 'x@y', code: '123456', password: PASSWORD })).json().code).toBe('10002');
  });

  it('other refused fields keep the 400 with one message per field', async () => {
    const res = await post(`${LOGIN}/register`, { email: freshEmail(), password: 'short', code: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('400');
  });

  it('10004 for a wrong password and for an unknown email alike (login never tells who has an account)', async () => {
    const { email } = await signUp(api.app);
    const wrong = (await post(`${LOGIN}/login`, { email, password: 'not the one 1' })).json();
    const unknown = (await post(`${LOGIN}/login`, { email: freshEmail('nobody'), password: 'not the one 1' })).json();
    expect(wrong).toEqual({ code: ACCOUNT_CODES.passwordWrong, message: 'email or password wrong', result: null });
    expect(unknown).toEqual(wrong);
  });

  it('10005 for an account whose status is not active, after the right password', async () => {
    const { email, userId } = await signUp(api.app);
    await api.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    await userChanged(userId);
    expect((await post(`${LOGIN}/login`, { email, password: PASSWORD })).json().code).toBe(ACCOUNT_CODES.statusAbnormal);
  });

  it('10007 when the email is registered already (sign-up code and register)', async () => {
    const { email } = await signUp(api.app);
    expect((await post(`${LOGIN}/sendCode`, { email, purpose: 'register' })).json().code).toBe('10007');
    expect((await post(`${LOGIN}/register`, { email, password: PASSWORD, code: '123456' })).json().code).toBe('10007');
  });

  it('10091 for a wrong code, and for a reset of an unknown email (no account is revealed)', async () => {
    const email = freshEmail();
    await post(`${LOGIN}/sendCode`, { email, purpose: 'register' });
    const code = await codeFromOutbox(api.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(`${LOGIN}/register`, { email, password: PASSWORD, code: wrong })).json().code).toBe(ACCOUNT_CODES.codeWrong);
    const unknown = await post(`${LOGIN}/resetPassword`, { email: freshEmail('nobody'), code: '123456', password: PASSWORD });
    expect(unknown.json().code).toBe('10091');
  });

  it('20005 "modified successfully" for a password change, a reset and a language change', async () => {
    const { email, token } = await signUp(api.app);
    const changed = await post(`${USER}/repassword`, { oldPassword: PASSWORD, password: 'next pass 123' }, auth(token));
    expect(changed.json()).toEqual({ code: SUCCESS_CODES.modified, message: 'modified successfully', result: null });
    expect(changed.json().code).toBe('20005');
    expect((await post(`${USER}/setLanguage`, { language: 'de' }, auth(token))).json().code).toBe('20005');
    await post(`${LOGIN}/sendCode`, { email, purpose: 'reset' });
    const code = await codeFromOutbox(api.app, email);
    expect((await post(`${LOGIN}/resetPassword`, { email, code, password: 'third pass 123' })).json().code).toBe('20005');
    expect((await post(`${LOGIN}/login`, { email, password: 'third pass 123' })).json().code).toBe('200');
  });
});
