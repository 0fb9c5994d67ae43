import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FailureTextProvider } from '@meridian/ui/failure-text';
import { useReviewFailureText } from '../errors.ts';
import styles from './kit.module.css';

/** A review page: its heading (with an optional way back and actions) and its sections. */
export function Page({
  title,
  lead,
  back,
  actions,
  children,
  testId,
  titleExtra,
}: {
  title: ReactNode;
  lead?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
  /** Badges next to the title (state, kind). */
  titleExtra?: ReactNode;
}) {
  const failureText = useReviewFailureText();
  return (
    <section className={styles.page} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className={styles.header}>
        <div className={styles.headerText}>
          {back ? (
            <Link className={styles.back} to={back.to}>
              <span aria-hidden="true" className={styles.backArrow}>
                ←
              </span>
              {back.label}
            </Link>
          ) : null}
          <div className={styles.actions}>
            <h1 className={styles.title} id={`${testId}-title`}>
              {title}
            </h1>
            {titleExtra}
          </div>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <FailureTextProvider value={failureText}>{children}</FailureTextProvider>
    </section>
  );
}

/** A titled panel of a page. */
export function Section({
  title,
  actions,
  children,
  testId,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const id = testId ? `${testId}-title` : undefined;
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} data-testid={testId} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id={id}>
          {title}
        </h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Term and value pairs. */
export function Facts({
  items,
  testId,
}: {
  /** `wide`: a long value (an id, an email, an address) that takes two columns where there is room. */
  items: readonly { label: string; value: ReactNode; testId?: string | undefined; wide?: boolean }[];
  testId?: string;
}) {
  return (
    <dl className={styles.facts} data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className={`${styles.fact} ${item.wide ? styles.factWide : ''}`}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const kitClasses = styles;
