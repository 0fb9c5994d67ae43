import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './pass.module.css';
import { surfaceClasses } from '@meridian/ui';

/** The full-screen frame of the /pass pages: back link, title, lead, then the form. */
export function PassScreen({ title, lead, testId, children }: { title: string; lead: string; testId: string; children: ReactNode }) {
  const { t } = useT(NAMESPACE);
  return (
    <main className={styles.screen} data-testid={testId}>
      <div className={`${surfaceClasses.panel} ${styles.card}`}>
        <Link to="/" className={styles.back} reloadDocument={false}>
          <span className={styles.backArrow} aria-hidden="true">
            ←
          </span>{' '}
          {t('pass.back')}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </main>
  );
}
