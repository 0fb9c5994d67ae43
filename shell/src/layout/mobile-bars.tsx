import { ChevronLeft, Globe } from 'lucide-react';
import { useT } from '@meridian/platform';
import { useIsLoggedIn } from '@meridian/platform';
import { AppLink } from '../navigation/app-link.tsx';
import { NAV_ENTRIES } from '../routes.ts';
import { DemoBadge } from './desktop-header.tsx';
import { MainNav } from './main-nav.tsx';
import { NotificationBell } from './notification-bell.tsx';
import styles from './chrome.module.css';

const TOP_LEVEL = new Set(NAV_ENTRIES.map((e) => e.path).concat('/home'));

export function MobileTopBar({ pathname, onLanguage }: { pathname: string; onLanguage: () => void }) {
  const { t } = useT('shell');
  const loggedIn = useIsLoggedIn();
  const showBack = !TOP_LEVEL.has(pathname) && window.history.length > 1;
  return (
    <header className={styles.topBar} data-testid="mobile-top-bar">
      {showBack ? (
        <button type="button" className={styles.linkButton} onClick={() => window.history.back()} aria-label={t('nav.back')}>
          <ChevronLeft size={20} aria-hidden="true" className="m-flip-rtl" />
        </button>
      ) : null}
      <AppLink href="/" className={styles.topBarTitle}>
        {t('brand')}
      </AppLink>
      <DemoBadge />
      <button
        type="button"
        className={styles.linkButton}
        onClick={onLanguage}
        aria-label={t('language.title')}
        data-testid="language-button"
        aria-haspopup="dialog"
      >
        <Globe size={20} aria-hidden="true" />
      </button>
      {loggedIn ? (
        <NotificationBell />
      ) : (
        <AppLink href="/pass/login" className={styles.primaryLink} data-testid="login-link">
          {t('auth.login')}
        </AppLink>
      )}
    </header>
  );
}

export function TabBar({ pathname }: { pathname: string }) {
  return <MainNav pathname={pathname} className={styles.tabBar} linkClassName={styles.tab} testId="tab-bar" icons />;
}
