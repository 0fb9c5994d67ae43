import type { ReactNode } from 'react';
import styles from './trade.module.css';

/** The figures of an order (its preview, its ticket): label / value lines. */
export function FigureList({ children, testId, live }: { children: ReactNode; testId?: string; live?: 'off' }) {
  return (
    <dl className={styles.preview} data-testid={testId} aria-live={live}>
      {children}
    </dl>
  );
}

/** One line of a FigureList; `valueProps` go to the value (a test id, the raw figure). */
export function Figure({
  label,
  children,
  valueProps,
}: {
  label: ReactNode;
  children: ReactNode;
  valueProps?: Record<`data-${string}`, string | undefined>;
}) {
  return (
    <div className={styles.previewRow}>
      <dt>{label}</dt>
      <dd {...valueProps}>{children}</dd>
    </div>
  );
}
