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
      {actions ? <div className={styles.cluster}>{actions}</div> : null}
    </header>
  );
}

/** A section of a page, named by its `h2` (`id`); `aside` stands across from the title (a note, a count, a picker). */
export function PageSection({
  id,
  title,
  aside,
  busy,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  /** The section's content is being read again. */
  busy?: boolean;
  /** A look added to the section's own (a panel). */
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={styles.sectionTitle}>
      {title}
    </h2>
  );
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={id} aria-busy={busy || undefined}>
      {aside ? (
        <div className={styles.sectionHeader}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A section's lead line across from its title. */
export function SectionNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={`${styles.small} ${styles.muted} ${styles.plain}`} data-testid={testId}>
      {children}
    </p>
  );
}
