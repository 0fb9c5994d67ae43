import { Globe, Headset } from 'lucide-react';
import { useT } from '@meridian/platform';
import { useAccountMode, useIsLoggedIn } from '@meridian/platform';
import { AppLink } from '../navigation/app-link.tsx';
import { isFullScreen } from '../routes.ts';
import { MainNav } from './main-nav.tsx';
import { NotificationBell } from './notification-bell.tsx';
import styles from './chrome.module.css';

export function DemoBadge() {
  const { t } = useT('common');
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  if (!loggedIn || mode !== 'demo') return null;
  return (
    <span
      className={styles.demoBadge}
      data-testid="demo-badge"
      title={t('account.demoBadgeLabel')}
      aria-label={t('account.demoBadgeLabel')}
    >
      {t('account.demoBadge')}
    </span>
  );
}

export function DesktopHeader({ pathname, onLanguage }: { pathname: string; onLanguage: () => void }) {
  const { t } = useT('shell');
  const loggedIn = useIsLoggedIn();
  const showAuth = !loggedIn && !isFullScreen(pathname);
  return (
    <header className={styles.header} data-testid="desktop-header">
      <div className={styles.headerInner}>
        <AppLink href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            M
          </span>
          {t('brand')}
        </AppLink>
        <MainNav pathname={pathname} className={styles.nav} linkClassName={styles.navLink} testId="main-nav" />
        <div className={styles.actions}>
          <DemoBadge />
          {showAuth ? (
            <>
              <AppLink href="/pass/login" className={styles.linkButton} data-testid="login-link">
                {t('auth.login')}
              </AppLink>
              <AppLink href="/pass/register" className={styles.primaryLink} data-testid="register-link">
                {t('auth.register')}
              </AppLink>
            </>
          ) : null}
          {loggedIn ? <NotificationBell size={18} /> : null}
          <button type="button" className={styles.iconButton} onClick={onLanguage} data-testid="language-button" aria-haspopup="dialog">
            <Globe size={18} aria-hidden="true" />
            {t('language.button')}
          </button>
          <a href="/kf.html" className={styles.iconButton} aria-label={t('support.label')}>
            <Headset size={18} aria-hidden="true" />
          </a>
        </div>
      </div>
    </header>
  );
}
