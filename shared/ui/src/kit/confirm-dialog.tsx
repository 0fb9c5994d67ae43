import { useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from '../components/button.tsx';
import { Modal } from '../components/modal.tsx';
import { useFailureText } from './failure-text.tsx';
import styles from './kit.module.css';

/** One figure of what is about to happen (amount, account, reason). */
export interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

export interface ConfirmDialogProps {
  title: string;
  /** What the figures are about, above them (e.g. the account the money moves in). */
  lead?: ReactNode;
  /** Figures listed before it is sent. */
  rows?: readonly ConfirmRow[];
  /** What will happen, or fields chosen in the dialog itself (a reason, a note). */
  children?: ReactNode;
  /** A sentence the user must read (e.g. "a second operator must approve"). */
  note?: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while it runs ("Working…" otherwise). */
  busyLabel?: string;
  /** Paints the confirm button as a destructive action. */
  danger?: boolean;
  disabled?: boolean;
  /**
   * Runs the change. When it returns a promise the dialog shows itself busy, closes (`onClose`) when
   * it resolves and shows `describeError(failure)` when it rejects, so the user may try again or cancel.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Cancel, Escape, ✕, and a confirmed promise. Keep it stable: the dialog re-focuses when it changes. */
  onClose: () => void;
  /** A busy state held by the caller (a mutation it runs itself). */
  busy?: boolean;
  /** A failure held by the caller, already in words. */
  failure?: ReactNode;
  /** A failed promise in words; the nearest FailureTextProvider's otherwise. */
  describeError?: (error: unknown) => ReactNode;
  testId?: string;
  /** The confirm button's test id. */
  confirmTestId?: string;
}

/**
 * A confirmation before a change (an accessible modal: focus moves in, Tab stays inside, Escape
 * cancels): what it is about, the figures, what will happen, the last failure, Cancel and the confirm
 * button. The confirm button is disabled while the change runs, so one click sends it once.
 */
export function ConfirmDialog({
  title,
  lead,
  rows = [],
  children,
  note,
  confirmLabel,
  busyLabel,
  danger = false,
  disabled = false,
  onConfirm,
  onClose,
  busy: heldBusy = false,
  failure: heldFailure,
  describeError,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-submit',
}: ConfirmDialogProps) {
  const { t } = useT('common');
  const frame = useFailureText();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<{ value: unknown } | null>(null);
  const busy = heldBusy || running;
  const confirm = () => {
    if (busy) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    setError(null);
    result.then(
      () => {
        setRunning(false);
        onClose();
      },
      (failure: unknown) => {
        setRunning(false);
        setError({ value: failure });
      },
    );
  };
  const failure = heldFailure ?? (error ? (describeError ?? frame?.describe)?.(error.value) : null);
  return (
    <Modal title={title} onClose={busy ? undefined : onClose} testId={testId}>
      {lead}
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
        <p className={styles.failure} role="alert" data-testid={`${testId}-error`}>
          {failure}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="confirm-cancel">
          {t('kit.cancel')}
        </Button>
        <Button
          onClick={confirm}
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          className={danger ? styles.danger : undefined}
          data-testid={confirmTestId}
        >
          {busy ? (busyLabel ?? t('kit.working')) : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
