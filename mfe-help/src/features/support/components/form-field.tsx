import { useId } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import styles from './support.module.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its translated error (a message key of the `common` namespace). */
export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
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
      {error ? (
        <p id={errorId} className={styles.error}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
