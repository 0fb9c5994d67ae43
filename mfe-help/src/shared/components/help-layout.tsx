import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './help.module.css';

const SECTIONS = [
  { to: '/help', key: 'nav.centre', end: true },
  { to: '/help/faq', key: 'nav.faq', end: false },
  { to: '/help/notice', key: 'nav.notices', end: false },
  { to: '/introduction', key: 'nav.about', end: false },
] as const;

/** The help area's frame: its title and the section links. */
export function HelpLayout({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.page} data-testid={testId}>
      <nav aria-label={t('nav.label')}>
        <ul className={styles.subnav}>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {t(s.key)}
              </NavLink>
            </li>
          ))}
          <li>
            <a href="/kf.html">{t('nav.support')}</a>
          </li>
        </ul>
      </nav>
      <h1 className={styles.title} dir="auto">
        {title}
      </h1>
      {children}
    </div>
  );
}
