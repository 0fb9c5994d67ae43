import { useT } from '@meridian/platform';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import type { ConfirmDialogProps } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';

/** The confirmation before a review feature sends a decision, proposal or close: the kit's ConfirmDialog, "Sending…" while it runs. */
export function ReviewConfirm(props: Omit<ConfirmDialogProps, 'busyLabel'>) {
  const { t } = useT(NAMESPACE);
  return <ConfirmDialog {...props} busyLabel={t('queues.kit.sending')} />;
}
