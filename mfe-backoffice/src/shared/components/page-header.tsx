import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** A page's title (the page's one `h1`), an optional lead line and actions on the far side. */
export function PageHeader({ title, lead, actions, testId }: { title: string; lead?: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <header className={styles.pageHeader} data-testid={testId}>
      <div>
        <h1 className={styles.pageTitle}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </header>
  );
}
