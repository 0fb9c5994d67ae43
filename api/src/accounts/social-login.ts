import * as oidc from 'openid-client';
import { ACCOUNT_CODES } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { saveSocialFlow, takeSocialFlow } from './social-flows.ts';
import { findOrCreateSocialUser } from './users.ts';

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

/** A login in progress lives 10 minutes. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

/** Loopback issuers (a local provider in development and tests) may speak plain HTTP; nothing else may. */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * Social login over OpenID Connect (issue 4 §5): authorization code flow with PKCE, state and nonce. `start`
 * records the flow and answers the provider's URL; `finish` takes the flow back once (it must be this
 * provider's and not expired), exchanges the code and answers the user, found or created. The routes keep
 * the browser's side: the flow cookie and the redirects.
 */
export class SocialLogin {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly db: Database,
    readonly providers: readonly SocialProviderConfig[],
    /** The address the provider sends the browser back to, for a provider. */
    private readonly redirectUri: (provider: SocialProviderConfig) => string,
  ) {}

  provider(id: string): SocialProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  /** The provider's configuration, discovered once (a failed discovery is tried again next time). */
  private configurationOf(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let found = this.configurations.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = oidc.discovery(issuer, provider.clientId, provider.clientSecret || undefined, undefined, {
        ...(isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      found.catch(() => this.configurations.delete(provider.id));
      this.configurations.set(provider.id, found);
    }
    return found;
  }

  /** Records a new flow; answers its state and the provider's authorization URL (10052 when it cannot). */
  async start(providerId: string, language: string, returnTo: string): Promise<{ state: string; url: string }> {
    const provider = this.provider(providerId);
    if (!provider) throw new ApiFailure(ACCOUNT_CODES.providerFailed, 'this provider is not configured');
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configurationOf(provider);
    } catch {
      throw new ApiFailure(ACCOUNT_CODES.providerFailed, 'the provider cannot be reached');
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await saveSocialFlow(this.db, {
      state,
      provider: provider.id,
      codeVerifier,
      nonce,
      language,
      returnTo,
      expiresAt: new Date(Date.now() + SOCIAL_FLOW_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { state, url: url.href };
  }

  /**
   * Takes the flow of `state` back (once) and exchanges the code the provider returned in `query` (the
   * callback's query string, from its `?`). Answers null when the flow is unknown, expired or another
   * provider's, or the provider answered an error (the flow is used up all the same); throws when the
   * exchange fails.
   */
  async finish(provider: SocialProviderConfig, state: string, query: string, providerError: boolean) {
    const flow = await takeSocialFlow(this.db, state);
    if (!flow || flow.provider !== provider.id || flow.expiresAt.getTime() < Date.now()) return null;
    if (providerError) return null;
    const configuration = await this.configurationOf(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${this.redirectUri(provider)}${query}`), {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    const claims = tokens.claims();
    if (!claims) return { flow, user: null };
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = claims.email_verified === true;
    if (!email) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      emailVerified = info.email_verified === true;
    }
    const user = await findOrCreateSocialUser(
      this.db,
      { provider: provider.id, providerName: provider.name, subject: claims.sub, email, emailVerified },
      flow.language,
    );
    return { flow, user };
  }
}
