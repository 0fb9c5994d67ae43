import { useCallback, useEffect, useState } from 'react';
import type { ContractOrder, MarketInfo } from '@meridian/contracts';
import { formatDecimal, useAccountMode, useLanguage, useT } from '@meridian/platform';
import { Button, EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import { useIdempotentMutation } from '../../../shared/idempotent-submit.ts';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { cancelOrder } from '../api/cancel-order.ts';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import styles from './orders.module.css';

const PAGE_SIZE = 20;

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
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<ContractOrder | null>(null);
  const list = useContractOrders('pending', instrumentId, page, PAGE_SIZE);

  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage]);

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

  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
  const rows = list.data.items;
  if (rows.length === 0) return <EmptyState title={t('orders.pending.none')} />;

  const tickOf = (row: { instrumentId: number }) => (row.instrumentId === instrument.id ? instrument.tickSize : undefined);

  return (
    <>
      <p className={styles.muted} data-testid="pending-explain">
        {t('orders.pending.explain')}
      </p>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="pending-table">
          <caption className={styles.visuallyHidden}>{t('orders.tabs.pending')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.col.instrument')}</th>
              <th scope="col">{t('orders.col.side')}</th>
              <th scope="col">{t('orders.col.lots')}</th>
              <th scope="col">{t('orders.col.limitPrice')}</th>
              <th scope="col">{t('orders.col.held')}</th>
              <th scope="col">{t('orders.col.slTp')}</th>
              <th scope="col">{t('orders.col.expires')}</th>
              <th scope="col">{t('orders.col.status')}</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>{t('orders.col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="pending-row" data-order-id={row.id} data-status={row.status}>
                <th scope="row" data-label={t('orders.col.instrument')}>
                  {row.code}
                </th>
                <td data-label={t('orders.col.side')}>
                  <span className={row.side === 'buy' ? styles.up : styles.down}>{t(`trade.side.${row.side}`)}</span>{' '}
                  {t('trade.contract.leverageOption', { leverage: row.leverage })}
                </td>
                <td data-label={t('orders.col.lots')}>{formatDecimal(row.lots, lang)}</td>
                <td data-label={t('orders.col.limitPrice')}>
                  <PriceValue value={row.limitPrice ?? row.openPrice} tickSize={tickOf(row)} testId="pending-limit" />
                </td>
                <td data-label={t('orders.col.held')}>
                  <MoneyText value={row.held ?? '0'} testId="pending-held" />
                </td>
                <td data-label={t('orders.col.slTp')}>
                  {row.stopLoss !== null ? <PriceValue value={row.stopLoss} tickSize={tickOf(row)} /> : '—'} /{' '}
                  {row.takeProfit !== null ? <PriceValue value={row.takeProfit} tickSize={tickOf(row)} /> : '—'}
                </td>
                <td data-label={t('orders.col.expires')}>
                  {row.expiresAt !== null ? <TickTime time={row.expiresAt} testId="pending-expires" /> : '—'}
                </td>
                <td data-label={t('orders.col.status')}>
                  <span data-testid="pending-status">{t('orders.pending.waiting')}</span>
                </td>
                <td className={styles.action}>
                  <Button
                    variant="secondary"
                    onClick={() => setCancelling(row)}
                    disabled={cancel.isPending}
                    aria-label={t('orders.pending.cancelOf', { code: row.code })}
                    data-testid="pending-cancel"
                  >
                    {t('orders.pending.cancel')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} testId="pending-pager" />
      {cancel.pendingSignature ? (
        <p className={styles.warn} role="status" data-testid="cancel-uncertain">
          {t('trade.uncertain')}
        </p>
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          title={t('orders.pending.cancelTitle', { code: cancelling.code })}
          testId="cancel-confirm"
          confirmLabel={t('orders.pending.cancelConfirm')}
          busy={cancel.isPending}
          onCancel={dismiss}
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
