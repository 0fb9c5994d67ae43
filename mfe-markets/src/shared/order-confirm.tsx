import { useAccountMode, useT } from '@meridian/platform';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import type { ConfirmDialogProps } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './trading.module.css';

/**
 * The kit's confirmation before an order, a close or a cancel, naming the account (demo or real) the
 * money moves in above the terms. `onClose` must be stable (the dialog re-focuses when it changes).
 */
export function OrderConfirm(props: Omit<ConfirmDialogProps, 'lead' | 'busyLabel'>) {
  const { t } = useT(NAMESPACE);
  const mode = useAccountMode();
  return (
    <ConfirmDialog
      {...props}
      busyLabel={t('trade.confirm.sending')}
      lead={
        <p className={`${styles.account} ${mode === 'demo' ? styles.accountDemo : ''}`} data-testid="confirm-account" data-mode={mode}>
          {t(mode === 'demo' ? 'trade.confirm.toDemo' : 'trade.confirm.toReal')}
        </p>
      }
    />
  );
}
