import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './auth.module.css';

/** The stand-alone screen of sign-in and set-up (no back-office chrome before a session exists). */
export function AuthScreen({
  title,
  lead,
  wide = false,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useT(NAMESPACE);
  return (
    <main className={styles.screen} data-testid={testId}>
      <div className={`${styles.card} ${wide ? styles.wide : ''}`}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            M
          </span>
          {t('layout.brand')} · {t('layout.product')}
        </div>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </main>
  );
}
