import { useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button, Modal } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { ErrorMessage } from './error-message.tsx';
import styles from './admin.module.css';

/**
 * A confirmation before a change: what will happen (`children`), Cancel and the confirm button.
 * `onConfirm` runs the change; the dialog closes when it succeeds and shows the translated failure
 * when it does not (the operator may try again or cancel).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useT(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={busy ? undefined : onClose} testId={testId ?? 'confirm-dialog'}>
      <div className={styles.dialogBody}>
        {children}
        <ErrorMessage error={error} testId="confirm-error" />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="confirm-cancel">
            {t('ui.cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
            className={danger ? styles.dangerButton : undefined}
            data-testid="confirm-ok"
          >
            {busy ? t('ui.working') : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** Before → after of a change, as a description list (one row per changed field). */
export function ChangeList({ rows }: { rows: { label: string; before: ReactNode; after: ReactNode }[] }) {
  const { t } = useT(NAMESPACE);
  return (
    <dl className={styles.change}>
      {rows.map((row) => (
        <div key={row.label} className={styles.changeRow}>
          <dt>{row.label}</dt>
          <dd>
            <span className={styles.ltr}>{row.before}</span>{' '}
            <span className={styles.arrow} aria-hidden="true">
              →
            </span>
            <span className={styles.visuallyHidden}>{t('ui.becomes')}</span> <span className={styles.ltr}>{row.after}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
