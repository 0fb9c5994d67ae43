import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { operatorsEndpoints } from '@meridian/contracts/endpoints/operators';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { FailureTextProvider } from '@meridian/ui/failure-text';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { adminApi } from './admin-api.ts';
import { useAdminFailureText } from './components/error-message.tsx';
import { RoleChips } from './components/role-chips.tsx';
import { NAV_SECTIONS } from './nav.ts';
import { hasRole, setOperatorSession, useOperatorSession } from './session.ts';
import styles from './layout.module.css';

/** Where a signed-out operator is sent; `from` brings them back after signing in. */
const SIGN_IN_PATH = '/admin/sign-in';
export interface SignInState {
  from?: string;
}

/** The nav section a path belongs to (the longest matching prefix; `/admin` only for itself). */
function sectionOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return NAV_SECTIONS.filter((s) => path === s.path || (s.path !== '/admin' && path.startsWith(`${s.path}/`))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

/**
 * The signed-in frame of every back-office page: a header (who is signed in, their roles, sign-out),
 * the sections this operator's roles may open, and the page. Without a session it sends the operator
 * to sign-in (the sign-in page says why when the session ended); a section the roles do not open is
 * refused here as the API would refuse it.
 */
export function Layout() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const failureText = useAdminFailureText();

  if (!session) {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={SIGN_IN_PATH} replace state={state} />;
  }

  const sections = NAV_SECTIONS.filter((s) => hasRole(session, s.roles));
  const current = sectionOf(location.pathname);
  const allowed = !current || hasRole(session, current.roles);
  const { operator } = session;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await adminApi.call(operatorsEndpoints.signOut);
    } catch {
      // The session ends here whatever the server answered (an expired one is already gone there).
    }
    setOperatorSession(null, 'signedOut');
  };

  return (
    <div className={styles.frame} data-testid="admin-layout">
      <a className={styles.skip} href="#admin-main">
        {t('layout.skip')}
      </a>
      <header className={styles.header}>
        <NavLink to="/admin" end className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            M
          </span>
          <span>
            <span className={styles.brandName}>{t('layout.brand')}</span>
            <span className={styles.brandSub}>{t('layout.product')}</span>
          </span>
        </NavLink>
        <div className={styles.who} data-testid="admin-operator">
          <div className={styles.whoText}>
            <span className={styles.whoName}>{operator.name}</span>
            <span className={styles.whoEmail}>{operator.email}</span>
          </div>
          <RoleChips roles={operator.roles} label={t('layout.roles')} />
          <Button variant="secondary" onClick={() => void signOut()} disabled={signingOut} data-testid="admin-sign-out">
            {signingOut ? t('layout.signingOut') : t('layout.signOut')}
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        <aside className={styles.side}>
          <nav className={styles.nav} aria-label={t('layout.navLabel')} data-testid="admin-nav">
            <ul>
              {sections.map((section) => (
                <li key={section.key}>
                  <NavLink to={section.path} end={section.path === '/admin'} className={styles.navLink} data-testid={`nav-${section.key}`}>
                    {t(`nav.${section.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main id="admin-main" className={styles.main} tabIndex={-1}>
          {allowed ? (
            <FailureTextProvider value={failureText}>
              <Outlet />
            </FailureTextProvider>
          ) : (
            <div className={styles.forbidden} data-testid="admin-forbidden">
              <h1 className={styles.forbiddenTitle}>{t('layout.forbiddenTitle')}</h1>
              <p>{t('layout.forbiddenBody')}</p>
              <NavLink to="/admin" end className={styles.forbiddenLink}>
                {t('nav.dashboard')}
              </NavLink>
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
