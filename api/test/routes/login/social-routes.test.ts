import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findOrCreateSocialUser } from '../../../src/accounts/users.ts';
import { notifications, users } from '../../../src/db/schema.ts';
import { socialProvidersFromEnv } from '../../../src/accounts/social-login.ts';
import { freshEmail, signUp } from '../../accounts-helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';

const LOGIN = '/api/swx/customer/login';

// The whole code flow runs end to end in e2e/accounts-social.spec.ts against a local provider; here,
// what the server refuses without one.
describe('social login over OpenID Connect', () => {
  const providers = socialProvidersFromEnv({
    MERIDIAN_OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9/',
    MERIDIAN_OIDC_GOOGLE_CLIENT_ID: 'meridian',
    MERIDIAN_OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    MERIDIAN_OIDC_MICROSOFT_ISSUER: 'http://127.0.0.1:9/ms',
    MERIDIAN_OIDC_MICROSOFT_CLIENT_ID: 'meridian',
  });
  const api = withTestApi({ rateLimits: false, socialProviders: providers });

  it('offers the configured providers, Google second, and none that is not configured', async () => {
    const res = await api.app.inject({ method: 'GET', url: `${LOGIN}/socialProviders` });
    expect(res.json().result).toEqual([
      { id: 'microsoft', name: 'Microsoft' },
      { id: 'google', name: 'Google' },
    ]);
    expect(socialProvidersFromEnv({ MERIDIAN_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toEqual([]);
  });

  it('refuses an unknown provider and an unreachable one with 10096', async () => {
    const unknown = await api.app.inject({ method: 'POST', url: `${LOGIN}/loginBySocial`, payload: { provider: 'facebook' } });
    expect(unknown.json().code).toBe('10096');
    const unreachable = await api.app.inject({ method: 'POST', url: `${LOGIN}/loginByGoogle`, payload: {} });
    expect(unreachable.json().code).toBe('10096');
  });

  it('only returns to a local path', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: `${LOGIN}/loginBySocial`,
      payload: { provider: 'google', returnTo: '//evil.example' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a return without the flow this browser started goes back to the login page with 10096 and no session', async () => {
    for (const url of [
      '/api/loginCallback/google?code=abc&state=forged',
      '/api/loginCallback/google',
      '/api/loginCallback/nobody?code=a&state=b',
    ]) {
      const res = await api.app.inject({ method: 'GET', url, headers: { cookie: 'meridian_oidc=other' } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/pass/login?social=failed&code=10096');
      expect(res.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
    }
  });

  describe('which account a provider identity enters', () => {
    const claims = (subject: string, email: string, emailVerified: boolean, provider = 'microsoft') => ({
      provider,
      providerName: provider === 'google' ? 'Google' : 'Microsoft',
      subject,
      email,
      emailVerified,
    });

    it('an unverified email claim neither enters nor reserves the account of that email', async () => {
      const victim = freshEmail('victim');
      const first = await findOrCreateSocialUser(api.database.db, claims(`sub-${victim}`, victim, false), 'en');
      expect(first.email).toBeNull();
      // Later the real owner signs in with a provider that vouches for the address: a different account.
      const owner = await findOrCreateSocialUser(api.database.db, claims(`g-${victim}`, victim, true, 'google'), 'en');
      expect(owner.id).not.toBe(first.id);
      expect(owner.email).toBe(victim);
      // And an unverified claim of an email that has an account is refused.
      await expect(findOrCreateSocialUser(api.database.db, claims(`other-${victim}`, victim, false), 'en')).rejects.toMatchObject({
        code: '10007',
      });
    });

    it('a vouched-for email joins the account of that email, which is told about it; the same identity comes back to it', async () => {
      const { email, userId } = await signUp(api.app, freshEmail('linked'));
      const user = await findOrCreateSocialUser(api.database.db, claims(`g-${email}`, email.toUpperCase(), true, 'google'), 'en');
      expect(user.id).toBe(userId);
      const told = await api.database.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(told.map((n) => [n.kind, (n.params as Record<string, string>).provider])).toContainEqual(['providerLinked', 'Google']);
      expect((await findOrCreateSocialUser(api.database.db, claims(`g-${email}`, email, true, 'google'), 'en')).id).toBe(userId);
      expect(await api.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });
  });
});
