import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAccountMode, useIsLoggedIn, useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './trading.module.css';

/**
 * What stands between the customer and a plan, in order: signing in, then the real account (SPEC §4:
 * demo cannot use smart trading; it tells the user to switch, on the account page where the switch is).
 */
export function SmartGate({ children }: { children: ReactNode }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  if (!loggedIn)
    return (
      <div className={styles.gate} data-testid="smart-gate" data-gate="login">
        <p>{t('gate.login')}</p>
        <Link to="/pass/login?redirect=%2Ftrading">{t('gate.loginLink')}</Link>
      </div>
    );
  if (mode !== 'real')
    return (
      <div className={styles.gate} data-testid="smart-gate" data-gate="demo" role="note">
        <p>{tc('account.demoUnavailable')}</p>
        <Link to="/profile" data-testid="smart-switch-real">
          {t('gate.switch')}
        </Link>
      </div>
    );
  return <>{children}</>;
}
