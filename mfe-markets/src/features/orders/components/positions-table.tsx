import { useCallback, useEffect, useState } from 'react';
import { settledPnl } from '@meridian/contracts';
import type { CloseContractsResult, MarketInfo } from '@meridian/contracts';
import { formatDecimal, formatPercent, useAccountMode, useLanguage, useT } from '@meridian/platform';
import { Button, EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import { useIdempotentMutation } from '../../../shared/idempotent-submit.ts';
import { formatAmount, MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { closeContracts } from '../api/close-contracts.ts';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import { useLivePnl } from '../hooks/use-live-pnl.ts';
import { anyTriggered, mergePnl } from '../state/merge-pnl.ts';
import type { PositionRow } from '../state/merge-pnl.ts';
import styles from './orders.module.css';

const PAGE_SIZE = 20;
/** After a live price crosses a position's SL/TP/liquidation, the list is read again once the server has closed it. */
const TRIGGER_REFRESH_MS = 1_500;

/** Holding positions with live PnL (REAL_TIME_PNL over the listed figures) and a Close button with confirmation. */
export function PositionsTable({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api, live } = usePlatform();
  const mode = useAccountMode();
  const feedback = useOrderFeedback();
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<PositionRow | null>(null);
  const list = useContractOrders('holding', instrumentId, page, PAGE_SIZE);
  const pnl = useLivePnl(live);
  const rows = list.data ? mergePnl(list.data.items, pnl, list.dataUpdatedAt) : [];
  const triggered = anyTriggered(rows);
  const { refresh } = feedback;

  useEffect(() => {
    if (!triggered) return;
    const timer = setTimeout(() => void refresh(), TRIGGER_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [triggered, refresh]);

  // A page emptied by closes: step back to the last page that has rows.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage]);

  const close = useIdempotentMutation<string, CloseContractsResult>({
    signature: (id) => JSON.stringify([mode, id]),
    send: (id, key) => closeContracts(api, id, key),
    onSuccess: (result) => {
      setClosing(null);
      feedback.succeeded(
        t('orders.closedToast', {
          profit: formatAmount(result.profit, lang, true),
          price: formatDecimal(result.price, lang, { max: 18 }),
        }),
      );
    },
    onError: (error) => {
      setClosing(null);
      feedback.failed(error);
      // "close failed": the position may have closed already (SL/TP/liquidation); show what is true now.
      void refresh();
    },
  });
  const cancel = useCallback(() => setClosing(null), []);

  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
  if (rows.length === 0) return <EmptyState title={t('orders.noPositions')} />;

  const tickOf = (row: { instrumentId: number }) => (row.instrumentId === instrument.id ? instrument.tickSize : undefined);
  // The confirm dialog follows the live row (its PnL moves while the user reads it).
  const closingRow = closing ? (rows.find((r) => r.id === closing.id) ?? closing) : null;
  const estimate =
    closingRow && closingRow.markPrice !== null
      ? settledPnl(
          closingRow.side,
          closingRow.openPrice,
          closingRow.markPrice,
          closingRow.lots,
          closingRow.contractSize,
          closingRow.margin,
        ).toFixed()
      : null;

  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="positions-table">
          <caption className={styles.visuallyHidden}>{t('orders.tabs.positions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.col.instrument')}</th>
              <th scope="col">{t('orders.col.side')}</th>
              <th scope="col">{t('orders.col.lots')}</th>
              <th scope="col">{t('orders.col.openPrice')}</th>
              <th scope="col">{t('orders.col.markPrice')}</th>
              <th scope="col">{t('orders.col.pnl')}</th>
              <th scope="col">{t('orders.col.margin')}</th>
              <th scope="col">{t('orders.col.slTp')}</th>
              <th scope="col">{t('orders.col.liquidation')}</th>
              <th scope="col">{t('orders.col.openTime')}</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>{t('orders.col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="position-row" data-order-id={row.id} data-live={row.live}>
                <th scope="row" data-label={t('orders.col.instrument')}>
                  {row.code}
                </th>
                <td data-label={t('orders.col.side')}>
                  <span className={row.side === 'buy' ? styles.up : styles.down}>{t(`trade.side.${row.side}`)}</span>{' '}
                  {t('trade.contract.leverageOption', { leverage: row.leverage })}
                </td>
                <td data-label={t('orders.col.lots')}>{formatDecimal(row.lots, lang)}</td>
                <td data-label={t('orders.col.openPrice')}>
                  <PriceValue value={row.openPrice} tickSize={tickOf(row)} />
                </td>
                <td data-label={t('orders.col.markPrice')}>
                  {row.markPrice !== null ? <PriceValue value={row.markPrice} tickSize={tickOf(row)} testId="position-mark" /> : '—'}
                </td>
                <td data-label={t('orders.col.pnl')}>
                  {row.floatingPnl !== null ? (
                    <>
                      <MoneyText value={row.floatingPnl} signed testId="position-pnl" />
                      {row.pnlPercent !== null ? (
                        <span className={styles.muted} data-testid="position-pnl-percent">
                          {' '}
                          ({formatPercent(row.pnlPercent, lang)})
                        </span>
                      ) : null}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={t('orders.col.margin')}>
                  <MoneyText value={row.margin} />
                </td>
                <td data-label={t('orders.col.slTp')}>
                  {row.stopLoss !== null ? <PriceValue value={row.stopLoss} tickSize={tickOf(row)} /> : '—'} /{' '}
                  {row.takeProfit !== null ? <PriceValue value={row.takeProfit} tickSize={tickOf(row)} /> : '—'}
                </td>
                <td data-label={t('orders.col.liquidation')}>
                  <PriceValue value={row.liquidationPrice} tickSize={tickOf(row)} />
                </td>
                <td data-label={t('orders.col.openTime')}>
                  <TickTime time={row.openTime} />
                </td>
                <td className={styles.action}>
                  <Button
                    variant="secondary"
                    onClick={() => setClosing(row)}
                    disabled={close.isPending}
                    aria-label={t('orders.closeOf', { code: row.code })}
                    data-testid="position-close"
                  >
                    {t('orders.close')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data ? <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} testId="positions-pager" /> : null}
      {close.pendingSignature ? (
        <p className={styles.warn} role="status" data-testid="close-uncertain">
          {t('trade.uncertain')}
        </p>
      ) : null}
      {closingRow ? (
        <ConfirmDialog
          title={t('orders.closeTitle', { code: closingRow.code })}
          testId="close-confirm"
          confirmLabel={t('orders.closeConfirm')}
          busy={close.isPending}
          onCancel={cancel}
          onConfirm={() => close.mutate(closingRow.id)}
          note={t('orders.closeNote')}
          rows={[
            { label: t('orders.col.instrument'), value: `${closingRow.code} · ${closingRow.name}`, testId: 'confirm-instrument' },
            {
              label: t('orders.col.side'),
              value: `${t(`trade.side.${closingRow.side}`)} ${t('trade.contract.leverageOption', { leverage: closingRow.leverage })}`,
              testId: 'confirm-side',
            },
            { label: t('orders.col.lots'), value: formatDecimal(closingRow.lots, lang), testId: 'confirm-lots' },
            { label: t('orders.col.openPrice'), value: <PriceValue value={closingRow.openPrice} tickSize={tickOf(closingRow)} /> },
            {
              label: t('orders.col.markPrice'),
              value: closingRow.markPrice !== null ? <PriceValue value={closingRow.markPrice} tickSize={tickOf(closingRow)} /> : '—',
              testId: 'confirm-price',
            },
            {
              label: t('orders.estimatedPnl'),
              value: estimate !== null ? <MoneyText value={estimate} signed /> : '—',
              testId: 'confirm-pnl',
            },
          ]}
        />
      ) : null}
    </>
  );
}
