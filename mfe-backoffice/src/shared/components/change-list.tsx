import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './admin.module.css';

/** Before → after of a change, as a description list (one row per changed field). */
export function ChangeList({ rows }: { rows: { label: string; before: ReactNode; after: ReactNode }[] }) {
  const { t } = useT(NAMESPACE);
  return (
    <dl className={styles.change}>
      {rows.map((row) => (
        <div key={row.label} className={styles.changeRow}>
          <dt>{row.label}</dt>
          <dd>
            <span className={styles.ltr}>{row.before}</span>{' '}
            <span className={styles.arrow} aria-hidden="true">
              →
            </span>
            <span className={styles.visuallyHidden}>{t('ui.becomes')}</span> <span className={styles.ltr}>{row.after}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
