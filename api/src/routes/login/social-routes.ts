import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import { ACCOUNT_CODES, endpointPath } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { AccountsContext } from '../../accounts/context.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { signIn } from '../../accounts/sign-in.ts';
import { saveSocialFlow, takeSocialFlow } from '../../accounts/social-flows.ts';
import { findOrCreateSocialUser } from '../../accounts/users.ts';
import { route } from '../../plugins/endpoints.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

/** One OpenID Connect provider, configured from the environment. */
export interface SocialProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The providers the site knows, in the order the login page shows them (SPEC §1: Google second). */
const KNOWN_PROVIDERS = [
  { env: 'MICROSOFT', id: 'microsoft', name: 'Microsoft' },
  { env: 'GOOGLE', id: 'google', name: 'Google' },
] as const;

/** Providers configured with MERIDIAN_OIDC_<ID>_ISSUER / _CLIENT_ID / _CLIENT_SECRET (see README). */
export function socialProvidersFromEnv(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  return KNOWN_PROVIDERS.flatMap(({ env: key, id, name }) => {
    const issuer = env[`MERIDIAN_OIDC_${key}_ISSUER`];
    const clientId = env[`MERIDIAN_OIDC_${key}_CLIENT_ID`];
    if (!issuer || !clientId) return [];
    return [{ id, name, issuer, clientId, clientSecret: env[`MERIDIAN_OIDC_${key}_CLIENT_SECRET`] ?? '' }];
  });
}

/** A login in progress lives 10 minutes; a cookie named after its state binds it to this browser. */
const FLOW_TTL_MS = 10 * 60_000;
const flowCookie = (state: string) => `meridian_oidc_${state}`;
/** The callback's path without the provider: the flow cookie is sent there only. */
const CALLBACK_PREFIX = accounts.loginCallback.path.slice(0, accounts.loginCallback.path.lastIndexOf('/'));

/** Loopback issuers (a local provider in development and tests) may speak plain HTTP; nothing else may. */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * Social login over OpenID Connect (issue 4 §5): authorization code flow with PKCE, state and nonce.
 * The provider returns the browser to `/api/loginCallback/<provider>`, where the code is exchanged, the
 * session is set (the refresh cookie) and the browser is sent back into the site, which then trades
 * the cookie for its in-memory access token.
 */
export const socialRoutes: FastifyPluginAsync<{ ctx: AccountsContext; providers: SocialProviderConfig[] }> = async (
  app,
  { ctx, providers },
) => {
  const { db, limitScale } = ctx;
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  /** The provider's configuration, discovered once (a failed discovery is tried again next time). */
  const configurationOf = (provider: SocialProviderConfig) => {
    let found = configurations.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = oidc.discovery(issuer, provider.clientId, provider.clientSecret || undefined, undefined, {
        ...(isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      found.catch(() => configurations.delete(provider.id));
      configurations.set(provider.id, found);
    }
    return found;
  };
  const redirectUri = (provider: SocialProviderConfig) =>
    `${ctx.siteOrigin}${endpointPath(accounts.loginCallback, { provider: provider.id })}`;

  const start = async (providerId: string, language: string, returnTo: string, reply: FastifyReply) => {
    const provider = providers.find((p) => p.id === providerId);
    if (!provider) throw new ApiFailure(ACCOUNT_CODES.providerFailed, 'this provider is not configured');
    let configuration: oidc.Configuration;
    try {
      configuration = await configurationOf(provider);
    } catch {
      throw new ApiFailure(ACCOUNT_CODES.providerFailed, 'the provider cannot be reached');
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await saveSocialFlow(db, {
      state,
      provider: provider.id,
      codeVerifier,
      nonce,
      language,
      returnTo,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    // Lax, not Strict: the provider sends the browser back with a cross-site top-level navigation.
    reply.setCookie(flowCookie(state), '1', {
      path: CALLBACK_PREFIX,
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      maxAge: FLOW_TTL_MS / 1000,
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(provider),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return ok({ url: url.href });
  };

  route(app, accounts.socialProviders, async () => ok(providers.map(({ id, name }) => ({ id, name }))));
  route(
    app,
    accounts.loginBySocial,
    async (request, reply) => start(request.body.provider, request.body.language, request.body.returnTo, reply),
    { config: ipLimit(30, 10, limitScale) },
  );
  route(app, accounts.loginByGoogle, async (request, reply) => start('google', request.body.language, request.body.returnTo, reply), {
    config: ipLimit(30, 10, limitScale),
  });

  route(
    app,
    accounts.loginCallback,
    async (request, reply) => {
      const { state } = request.query;
      const fail = (code: string) => {
        if (state && /^[\w-]{1,100}$/.test(state)) reply.clearCookie(flowCookie(state), { path: CALLBACK_PREFIX });
        return reply.redirect(`/pass/login?social=failed&code=${code}`, 303);
      };
      const provider = providers.find((p) => p.id === request.params.provider);
      // The flow must have started in this very browser: it holds the cookie named after the state.
      if (!provider || !state || request.cookies[flowCookie(state)] !== '1') return fail(ACCOUNT_CODES.providerFailed);
      const flow = await takeSocialFlow(db, state);
      if (!flow || flow.provider !== provider.id || flow.expiresAt.getTime() < Date.now()) return fail(ACCOUNT_CODES.providerFailed);
      if (request.query.error) return fail(ACCOUNT_CODES.providerFailed);
      try {
        const configuration = await configurationOf(provider);
        const currentUrl = new URL(`${redirectUri(provider)}${request.url.slice(request.url.indexOf('?'))}`);
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        });
        const claims = tokens.claims();
        if (!claims) return fail(ACCOUNT_CODES.providerFailed);
        let email = typeof claims.email === 'string' ? claims.email : null;
        let emailVerified = claims.email_verified === true;
        if (!email) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : null;
          emailVerified = info.email_verified === true;
        }
        const user = await findOrCreateSocialUser(
          db,
          { provider: provider.id, providerName: provider.name, subject: claims.sub, email, emailVerified },
          flow.language,
        );
        await signIn(db, user, request, reply);
      } catch (error) {
        if (error instanceof ApiFailure) return fail(error.code);
        request.log.warn({ err: error, provider: provider.id }, 'social login failed');
        return fail(ACCOUNT_CODES.providerFailed);
      }
      reply.clearCookie(flowCookie(flow.state), { path: CALLBACK_PREFIX });
      const next = new URLSearchParams({ social: 'ok', redirect: flow.returnTo });
      return reply.redirect(`/pass/login?${next.toString()}`, 303);
    },
    { config: ipLimit(30, 10, limitScale) },
  );
};
