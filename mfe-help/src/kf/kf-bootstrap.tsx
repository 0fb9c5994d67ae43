import '@meridian/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { useT } from '@meridian/platform';
import { directionOf, i18n, initI18n, languageAtom, localeOf, registerNamespace, sessionStore } from '@meridian/platform';
import { NAMESPACE, loadNamespace } from '../locales/load-namespace.ts';
import styles from './kf-page.module.css';

function KfPage() {
  const { t } = useT(NAMESPACE);
  return (
    <main className={styles.page} data-testid="kf-page">
      <h1 className={styles.title}>{t('kf.title')}</h1>
      <p className={styles.body}>{t('kf.body')}</p>
      <div className={styles.links}>
        <a className={styles.link} href="/help">
          {t('kf.help')}
        </a>
        <a className={styles.link} href="/">
          {t('kf.home')}
        </a>
      </div>
    </main>
  );
}

const lang = sessionStore.get(languageAtom);
document.documentElement.lang = localeOf(lang);
document.documentElement.dir = directionOf(lang);
document.body.style.margin = '0';
document.body.style.fontFamily = 'var(--m-font)';
await initI18n(lang);
await Promise.all([registerNamespace(NAMESPACE, loadNamespace)]);
document.title = i18n.t(`${NAMESPACE}:kf.title`);
createRoot(document.getElementById('root')!).render(<KfPage />);
