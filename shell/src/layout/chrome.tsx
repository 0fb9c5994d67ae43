import { Suspense, lazy, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Headset } from 'lucide-react';
import { isLanguageCode } from '@meridian/contracts';
import { sessionStore, languageAtom, useLanguage, useT } from '@meridian/platform';
import { changeLanguage } from '../language.ts';
import type { ApiClient } from '@meridian/platform';
import { IntroBoard, introAlreadySeen } from '../intro/intro-board.tsx';
import { useCurrentUrl } from '../navigation/location.ts';
import { isFullScreen, isOperatorConsole } from '../routes.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { MobileTopBar, TabBar } from './mobile-bars.tsx';
import { Toasts } from './toasts.tsx';
import styles from './chrome.module.css';

// Below the fold, and the only chrome part that validates an API result: loaded after first paint.
const Footer = lazy(() => import('./footer.tsx'));

export interface ChromeProps {
  mobile: boolean;
  api: ApiClient;
  footerHost: HTMLElement;
  /** Resolves once the first remote has mounted; the footer renders after it. */
  deferred: Promise<void>;
}

/** The site chrome around the outlet: header or top bar, footer or tab bar, and the overlays. */
export function Chrome({ mobile, api, footerHost, deferred }: ChromeProps) {
  const { t } = useT('shell');
  const url = useCurrentUrl();
  const pathname = url.split('?')[0] ?? '/';
  const fullScreen = isFullScreen(pathname);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [introOpen, setIntroOpen] = useState(() => !introAlreadySeen());
  const [footerReady, setFooterReady] = useState(false);
  useEffect(() => {
    void deferred.then(() => setFooterReady(true));
  }, [deferred]);
  // SPEC §6: the content list loads at start on every layout (after the first remote, like the footer,
  // so it does not compete with the first paint), and again for a new language; the footer shares it.
  const lang = useLanguage();
  useEffect(() => {
    if (!footerReady) return;
    void import('./content-list.ts').then((m) => m.loadContentList(api, lang));
  }, [api, footerReady, lang]);

  useEffect(() => {
    document.documentElement.dataset.fullscreen = String(fullScreen);
  }, [fullScreen]);
  // A language chosen on the first paint's board after the session store had read the stored one
  // (the board may already be gone: skipped before the chrome rendered).
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem('meridian.lang');
    } catch {
      // no storage: nothing was chosen before
    }
    if (isLanguageCode(stored) && stored !== sessionStore.get(languageAtom)) void changeLanguage(stored);
  }, []);

  const openLanguage = () => setLanguageOpen(true);
  return (
    <>
      {fullScreen ? null : mobile ? (
        <MobileTopBar pathname={pathname} onLanguage={openLanguage} />
      ) : (
        <DesktopHeader pathname={pathname} onLanguage={openLanguage} />
      )}
      {createPortal(
        fullScreen ? null : mobile ? (
          <TabBar pathname={pathname} />
        ) : !footerReady ? null : (
          <Suspense fallback={null}>
            <Footer api={api} />
          </Suspense>
        ),
        footerHost,
      )}
      {isOperatorConsole(pathname) ? null : (
        <a href="/kf.html" className={styles.csButton} aria-label={t('support.label')} data-testid="cs-button">
          <Headset size={24} aria-hidden="true" />
        </a>
      )}
      <Toasts />
      {languageOpen ? <LanguagePicker onClose={() => setLanguageOpen(false)} /> : null}
      {introOpen && !fullScreen ? <IntroBoard onDone={() => setIntroOpen(false)} /> : null}
    </>
  );
}
