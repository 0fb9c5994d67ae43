import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button, Modal } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './kit.module.css';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/**
 * What an operator is about to do, listed before it is sent (a decision, a correction, closing a
 * conversation), with the failure of the last try. `onCancel` must be stable (the dialog re-focuses
 * when it changes).
 */
export function ConfirmDialog({
  title,
  rows,
  note,
  children,
  confirmLabel,
  busy,
  failure,
  disabled = false,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  rows: readonly ConfirmRow[];
  /** A sentence the operator must read (e.g. "a second operator must approve"). */
  note?: ReactNode;
  /** Fields chosen in the dialog itself (a reason, a note). */
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  failure: string | null;
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useT(NAMESPACE);
  return (
    <Modal title={title} onClose={onCancel} testId={testId}>
      {rows.length > 0 ? (
        <dl className={styles.dialogFigures}>
          {rows.map((row) => (
            <div key={row.label} className={styles.dialogFigure}>
              <dt>{row.label}</dt>
              <dd data-testid={row.testId}>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children ? <div className={styles.dialogBody}>{children}</div> : null}
      {note ? (
        <p className={styles.notice} data-testid={`${testId}-note`}>
          {note}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {failure}
        </p>
      ) : null}
      <div className={styles.dialogActions} style={{ marginBlockStart: 'var(--m-space-4)' }}>
        <Button variant="secondary" onClick={onCancel} data-testid="confirm-cancel">
          {t('queues.kit.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy || disabled} aria-busy={busy} data-testid="confirm-submit">
          {busy ? t('queues.kit.sending') : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
