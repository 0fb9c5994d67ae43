import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialProvidersFromEnv } from '../../../src/routes/login/social-routes.ts';
import { createTestApi } from '../../helpers.ts';

const LOGIN = '/api/swx/customer/login';

// The whole code flow runs end to end in e2e/accounts-social.spec.ts against a local provider; here,
// what the server refuses without one.
describe('social login over OpenID Connect', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const providers = socialProvidersFromEnv({
      MERIDIAN_OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9/',
      MERIDIAN_OIDC_GOOGLE_CLIENT_ID: 'meridian',
      MERIDIAN_OIDC_GOOGLE_CLIENT_SECRET: 'secret',
      MERIDIAN_OIDC_MICROSOFT_ISSUER: 'http://127.0.0.1:9/ms',
      MERIDIAN_OIDC_MICROSOFT_CLIENT_ID: 'meridian',
    });
    ({ app, close } = await createTestApi({ rateLimits: false, socialProviders: providers }));
  });
  afterAll(async () => close());

  it('offers the configured providers, Google second, and none that is not configured', async () => {
    const res = await app.inject({ method: 'GET', url: `${LOGIN}/socialProviders` });
    expect(res.json().result).toEqual([
      { id: 'microsoft', name: 'Microsoft' },
      { id: 'google', name: 'Google' },
    ]);
    expect(socialProvidersFromEnv({ MERIDIAN_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toEqual([]);
  });

  it('refuses an unknown provider and an unreachable one with 10096', async () => {
    const unknown = await app.inject({ method: 'POST', url: `${LOGIN}/loginBySocial`, payload: { provider: 'facebook' } });
    expect(unknown.json().code).toBe('10096');
    const unreachable = await app.inject({ method: 'POST', url: `${LOGIN}/loginByGoogle`, payload: {} });
    expect(unreachable.json().code).toBe('10096');
  });

  it('only returns to a local path', async () => {
    const res = await app.inject({
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
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'meridian_oidc=other' } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/pass/login?social=failed&code=10096');
      expect(res.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
    }
  });
});
