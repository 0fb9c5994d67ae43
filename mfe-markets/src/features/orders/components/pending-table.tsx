import { useCallback, useState } from 'react';
import type { ContractOrder, MarketInfo } from '@meridian/contracts';
import { formatDecimal, useAccountMode, useLanguage, useT } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { OrderConfirm } from '../../../shared/order-confirm.tsx';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { UncertainNote } from '../../../shared/uncertain-note.tsx';
import { cancelOrder } from '../api/cancel-order.ts';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import { actionColumn, contractColumns, slTpColumn, tickOfInstrument } from './order-columns.tsx';
import { OrderTable } from './order-table.tsx';
import styles from './orders.module.css';

/**
 * Pending limit orders (SPEC §4): limit price, what is held, when it expires, and a Cancel button with
 * confirmation. The server pushes the account's figures when one fills or expires; the lists are read
 * again on that (`useRefreshOnBalance`), so a filled order moves to the open positions by itself.
 */
export function PendingTable({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api } = usePlatform();
  const mode = useAccountMode();
  const feedback = useOrderFeedback();
  const { refresh } = feedback;
  const [cancelling, setCancelling] = useState<ContractOrder | null>(null);
  const { list, paging } = useContractOrders('pending', instrumentId);

  const cancel = useIdempotentMutation<string, ContractOrder>({
    signature: (id) => JSON.stringify([mode, 'cancel', id]),
    send: (id, key) => cancelOrder(api, id, key),
    onSuccess: (order) => {
      setCancelling(null);
      feedback.succeeded(t('orders.pending.cancelledToast', { code: order.code }));
    },
    onError: (error) => {
      setCancelling(null);
      feedback.failed(error);
      // It may have filled or expired meanwhile: show what is true now.
      void refresh();
    },
  });
  const dismiss = useCallback(() => setCancelling(null), []);

  const tickOf = tickOfInstrument(instrument);
  const columns: DataColumn<ContractOrder>[] = [
    ...contractColumns(t, lang),
    {
      id: 'limitPrice',
      header: t('orders.col.limitPrice'),
      cell: (row) => <PriceValue value={row.limitPrice ?? row.openPrice} tickSize={tickOf(row)} testId="pending-limit" />,
    },
    { id: 'held', header: t('orders.col.held'), cell: (row) => <MoneyText value={row.held ?? '0'} testId="pending-held" /> },
    slTpColumn(t, tickOf),
    {
      id: 'expires',
      header: t('orders.col.expires'),
      cell: (row) => (row.expiresAt !== null ? <TickTime time={row.expiresAt} testId="pending-expires" /> : '—'),
    },
    {
      id: 'status',
      header: t('orders.col.status'),
      cell: () => <span data-testid="pending-status">{t('orders.pending.waiting')}</span>,
    },
    actionColumn<ContractOrder>(t, {
      text: t('orders.pending.cancel'),
      labelOf: (row) => t('orders.pending.cancelOf', { code: row.code }),
      onClick: setCancelling,
      disabled: cancel.isPending,
      testId: 'pending-cancel',
    }),
  ];

  return (
    <>
      {list.isSuccess && list.data.items.length > 0 ? (
        <p className={styles.muted} data-testid="pending-explain">
          {t('orders.pending.explain')}
        </p>
      ) : null}
      <OrderTable
        list={list}
        paging={paging}
        columns={columns}
        caption={t('orders.tabs.pending')}
        empty={t('orders.pending.none')}
        name="pending"
        rowAttributes={(row) => ({ 'data-testid': 'pending-row', 'data-order-id': row.id, 'data-status': row.status })}
      />
      {cancel.pendingSignature ? <UncertainNote testId="cancel-uncertain" className={styles.spaced} /> : null}
      {cancelling ? (
        <OrderConfirm
          title={t('orders.pending.cancelTitle', { code: cancelling.code })}
          testId="cancel-confirm"
          confirmLabel={t('orders.pending.cancelConfirm')}
          busy={cancel.isPending}
          onClose={dismiss}
          onConfirm={() => cancel.mutate(cancelling.id)}
          note={t('orders.pending.cancelNote')}
          rows={[
            { label: t('orders.col.instrument'), value: `${cancelling.code} · ${cancelling.name}`, testId: 'confirm-instrument' },
            { label: t('orders.col.side'), value: t(`trade.side.${cancelling.side}`), testId: 'confirm-side' },
            { label: t('orders.col.lots'), value: formatDecimal(cancelling.lots, lang), testId: 'confirm-lots' },
            {
              label: t('orders.col.limitPrice'),
              value: <PriceValue value={cancelling.limitPrice ?? cancelling.openPrice} tickSize={tickOf(cancelling)} />,
            },
            { label: t('orders.col.held'), value: <MoneyText value={cancelling.held ?? '0'} />, testId: 'confirm-held' },
          ]}
        />
      ) : null}
    </>
  );
}
