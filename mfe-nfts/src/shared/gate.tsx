import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAccountMode, useIsLoggedIn, useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './nfts.module.css';

/** The sign-in link that brings the visitor back to this page. */
export function SignInPrompt({ text }: { text: string }) {
  const { t } = useT(NAMESPACE);
  const { pathname, search } = useLocation();
  return (
    <div className={styles.gate} data-testid="nft-login-gate" data-gate="login">
      <p>{text}</p>
      <Link to={`/pass/login?redirect=${encodeURIComponent(pathname + search)}`} data-testid="nft-login-link">
        {t('gate.loginLink')}
      </Link>
    </div>
  );
}

/**
 * What stands between the customer and a bid or a purchase, in order: signing in, then the real account
 * (bids hold real money; the demo account is told to switch, on the account page where the switch is).
 */
export function NftGate({ children }: { children: ReactNode }) {
  const { t } = useT(NAMESPACE);
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  if (!loggedIn) return <SignInPrompt text={t('gate.login')} />;
  if (mode !== 'real')
    return (
      <div className={styles.gate} data-testid="nft-demo-gate" data-gate="demo" role="note">
        <p>{t('gate.demo')}</p>
        <Link to="/profile" data-testid="nft-switch-real">
          {t('gate.switch')}
        </Link>
      </div>
    );
  return <>{children}</>;
}
