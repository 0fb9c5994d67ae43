import type { ReactNode } from 'react';
import { formClasses } from '@meridian/ui';
import styles from './pass.module.css';

/** A way in beside email and password (providers, wallets): a titled row of buttons, its failure, notes. */
export function SignInAlternative({
  id,
  title,
  failure,
  children,
  notes,
}: {
  id: string;
  title: string;
  failure: string | null;
  children: ReactNode;
  notes?: ReactNode;
}) {
  return (
    <section className={styles.alternative} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className={styles.alternativeTitle}>
        {title}
      </h2>
      <div className={styles.alternativeButtons}>{children}</div>
      {failure ? (
        <p className={formClasses.error} role="alert" data-testid={`${id}-error`}>
          {failure}
        </p>
      ) : null}
      {notes}
    </section>
  );
}
