import type { ReactNode } from 'react';
import { useAccountMode, useT } from '@meridian/platform';
import { Button, Modal } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './trading.module.css';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/**
 * The terms of a money-moving action listed before it is sent, with the account (demo or real) it
 * goes to. `onCancel` must be stable (the dialog re-focuses when it changes).
 */
export function ConfirmDialog({
  title,
  rows,
  note,
  confirmLabel,
  busy,
  blocked = false,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  rows: readonly ConfirmRow[];
  note?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** The terms no longer allow sending (say why in `note`). */
  blocked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useT(NAMESPACE);
  const mode = useAccountMode();
  return (
    <Modal title={title} onClose={onCancel} testId={testId}>
      <p className={`${styles.account} ${mode === 'demo' ? styles.accountDemo : ''}`} data-testid="confirm-account" data-mode={mode}>
        {t(mode === 'demo' ? 'trade.confirm.toDemo' : 'trade.confirm.toReal')}
      </p>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.label} className={styles.figure}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className={styles.note}>{note}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} data-testid="confirm-cancel">
          {t('trade.confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy || blocked} aria-busy={busy} data-testid="confirm-submit">
          {busy ? t('trade.confirm.sending') : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
