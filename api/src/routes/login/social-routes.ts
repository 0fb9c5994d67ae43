import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ACCOUNT_CODES, endpointPath } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { AccountsContext } from '../../accounts/context.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { signIn } from '../../accounts/sign-in.ts';
import { SOCIAL_FLOW_TTL_MS, SocialLogin } from '../../accounts/social-login.ts';
import type { SocialProviderConfig } from '../../accounts/social-login.ts';
import { route } from '../../plugins/endpoints.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

/** A cookie named after a flow's state binds the login to this browser. */
const flowCookie = (state: string) => `meridian_oidc_${state}`;
/** The callback's path without the provider: the flow cookie is sent there only. */
const CALLBACK_PREFIX = accounts.loginCallback.path.slice(0, accounts.loginCallback.path.lastIndexOf('/'));

/**
 * Social login over OpenID Connect (issue 4 §5; the flow itself is accounts/social-login.ts). The provider
 * returns the browser to `/api/loginCallback/<provider>`, where the code is exchanged, the session is set
 * (the refresh cookie) and the browser is sent back into the site, which then trades the cookie for its
 * in-memory access token.
 */
export const socialRoutes: FastifyPluginAsync<{ ctx: AccountsContext; providers: SocialProviderConfig[] }> = async (
  app,
  { ctx, providers },
) => {
  const { db, limitScale } = ctx;
  const social = new SocialLogin(
    db,
    providers,
    (provider) => `${ctx.siteOrigin}${endpointPath(accounts.loginCallback, { provider: provider.id })}`,
  );

  const start = async (providerId: string, language: string, returnTo: string, reply: FastifyReply) => {
    const { state, url } = await social.start(providerId, language, returnTo);
    // Lax, not Strict: the provider sends the browser back with a cross-site top-level navigation.
    reply.setCookie(flowCookie(state), '1', {
      path: CALLBACK_PREFIX,
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      maxAge: SOCIAL_FLOW_TTL_MS / 1000,
    });
    return ok({ url });
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
      const provider = social.provider(request.params.provider);
      // The flow must have started in this very browser: it holds the cookie named after the state.
      if (!provider || !state || request.cookies[flowCookie(state)] !== '1') return fail(ACCOUNT_CODES.providerFailed);
      try {
        const finished = await social.finish(provider, state, request.url.slice(request.url.indexOf('?')), Boolean(request.query.error));
        if (!finished?.user) return fail(ACCOUNT_CODES.providerFailed);
        await signIn(db, finished.user, request, reply);
        const next = new URLSearchParams({ social: 'ok', redirect: finished.flow.returnTo });
        reply.clearCookie(flowCookie(finished.flow.state), { path: CALLBACK_PREFIX });
        return reply.redirect(`/pass/login?${next.toString()}`, 303);
      } catch (error) {
        if (error instanceof ApiFailure) return fail(error.code);
        request.log.warn({ err: error, provider: provider.id }, 'social login failed');
        return fail(ACCOUNT_CODES.providerFailed);
      }
    },
    { config: ipLimit(30, 10, limitScale) },
  );
};
