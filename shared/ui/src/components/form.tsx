import { useId } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from './button.tsx';
import styles from './form.module.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its translated error (a message key of the `common` namespace). */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error: string | undefined;
  /** A line under the control (limits, rules). */
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { t } = useT('common');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The failure of the last try (a message key) and the submit button of a form. */
export function SubmitRow({
  failure,
  submitting,
  label,
  busyLabel,
  testId,
}: {
  failure: string | null;
  submitting: boolean;
  label: string;
  busyLabel: string;
  testId: string;
}) {
  const { t } = useT('common');
  return (
    <>
      {failure ? (
        <p className={styles.error} role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={submitting} data-testid={testId}>
          {submitting ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

/** Class names of the shared form controls (input, textarea, select, hint, error, actions). */
export const formClasses = styles;
