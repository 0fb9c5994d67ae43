import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
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

/** The authenticator code box of sign-in and set-up: six digits, offered by the phone's one-time-code autofill. */
export const CODE_INPUT = { className: styles.code, inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } as const;

/** The end of a sign-in or set-up form: why the last try failed (announced) and the full-width submit. */
export function AuthSubmit({
  failure,
  submitting,
  label,
  busyLabel,
  testId,
  failureTestId,
}: {
  /** The failure's text, or null. */
  failure: string | null;
  submitting: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  failureTestId: string;
}) {
  return (
    <>
      {failure !== null ? (
        <p className={`${adminStyles.note} ${adminStyles.noteError}`} role="alert" data-testid={failureTestId}>
          {failure}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting || undefined} data-testid={testId}>
        {submitting ? busyLabel : label}
      </Button>
    </>
  );
}
