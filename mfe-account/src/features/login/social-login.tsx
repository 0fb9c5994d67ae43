import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { messageKeyForCode } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { accountApi } from '../../api/account-api.ts';
import { accountQueries } from '../../api/account-queries.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { afterSignInPath } from '../../session/complete-sign-in.ts';
import { SignInAlternative } from './sign-in-alternative.tsx';

type Provider = { id: string; name: string };

/** What the login page shows after a provider sent the browser back (`?social=ok|failed`). */
export type SocialReturn = { kind: 'none' } | { kind: 'finishing' } | { kind: 'failed'; messageKey: string };

/**
 * The end of a social login: the server set the session cookie and sent the browser here; the page
 * trades the cookie for its access token and moves on, or says in the page's language what went wrong.
 */
export function useSocialReturn(): SocialReturn {
  const platform = usePlatform();
  // The router's location, not `window`'s: the build prerenders this page where there is no window.
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<SocialReturn>(() => {
    const params = new URLSearchParams(search);
    const social = params.get('social');
    if (social === 'ok') return { kind: 'finishing' };
    if (social === 'failed') return { kind: 'failed', messageKey: messageKeyForCode(params.get('code') ?? '') };
    return { kind: 'none' };
  });
  const finishing = outcome.kind === 'finishing';
  useEffect(() => {
    if (!finishing) return;
    // The shell's renewal, not a call of our own: it is the page's one refresh at a time, and a
    // second refresh racing it with the same cookie would look like a stolen token and end the session.
    void platform
      .renewSession()
      .then((signedIn) =>
        signedIn ? platform.navigate(afterSignInPath()) : setOutcome({ kind: 'failed', messageKey: messageKeyForCode('10096') }),
      );
  }, [finishing, platform]);
  return outcome;
}

/**
 * OpenID Connect providers the server has configured (none shows nothing). A button starts the code
 * flow on the server and follows the provider's address; the provider sends the browser back to
 * `/api/loginCallback/<provider>`, which returns to the login page to finish.
 */
export function SocialLogin() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  // Without the list (not yet, or it failed) there is simply no provider button; email and wallets still work.
  const providers: Provider[] = useQuery(accountQueries.socialProviders(platform.api)).data ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<Provider | null>(null);

  if (providers.length === 0) return null;

  const start = async (provider: Provider) => {
    setFailed(null);
    setBusy(provider.id);
    try {
      const { url } = await accountApi.loginBySocial(platform.api, { provider: provider.id, language, returnTo: afterSignInPath() });
      window.location.assign(url);
    } catch {
      setFailed(provider);
      setBusy(null);
    }
  };

  return (
    <SignInAlternative id="social-login" title={t('social.title')} failure={failed ? t('social.failed', { name: failed.name }) : null}>
      {providers.map((provider) => (
        <Button key={provider.id} variant="secondary" disabled={busy !== null} onClick={() => void start(provider)}>
          {t('social.continueWith', { name: provider.name })}
        </Button>
      ))}
    </SignInAlternative>
  );
}
