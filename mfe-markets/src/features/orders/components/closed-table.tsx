import { useState } from 'react';
import type { MarketInfo } from '@meridian/contracts';
import { formatDecimal, useLanguage, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import styles from './orders.module.css';

const PAGE_SIZE = 20;

/** Closed positions: how and when each closed, at what price, and the realized profit; paged. */
export function ClosedTable({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const list = useContractOrders('closed', instrumentId, page, PAGE_SIZE);
  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0 && page === 1) return <EmptyState title={t('orders.noClosed')} />;
  const tickOf = (row: { instrumentId: number }) => (row.instrumentId === instrument.id ? instrument.tickSize : undefined);
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="closed-table" aria-busy={list.isPlaceholderData}>
          <caption className={styles.visuallyHidden}>{t('orders.tabs.closed')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.col.instrument')}</th>
              <th scope="col">{t('orders.col.side')}</th>
              <th scope="col">{t('orders.col.lots')}</th>
              <th scope="col">{t('orders.col.open')}</th>
              <th scope="col">{t('orders.col.close')}</th>
              <th scope="col">{t('orders.col.reason')}</th>
              <th scope="col">{t('orders.col.fee')}</th>
              <th scope="col">{t('orders.col.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((row) => (
              <tr key={row.id} data-testid="closed-row" data-order-id={row.id} data-reason={row.closeReason ?? ''}>
                <th scope="row" data-label={t('orders.col.instrument')}>
                  {row.code}
                </th>
                <td data-label={t('orders.col.side')}>
                  <span className={row.side === 'buy' ? styles.up : styles.down}>{t(`trade.side.${row.side}`)}</span>{' '}
                  {t('trade.contract.leverageOption', { leverage: row.leverage })}
                </td>
                <td data-label={t('orders.col.lots')}>{formatDecimal(row.lots, lang)}</td>
                <td data-label={t('orders.col.open')}>
                  <PriceValue value={row.openPrice} tickSize={tickOf(row)} />
                  <br />
                  <span className={styles.muted}>
                    <TickTime time={row.openTime} />
                  </span>
                </td>
                <td data-label={t('orders.col.close')}>
                  {row.closePrice !== null ? <PriceValue value={row.closePrice} tickSize={tickOf(row)} testId="closed-price" /> : '—'}
                  <br />
                  <span className={styles.muted}>
                    {row.closeTime !== null ? <TickTime time={row.closeTime} testId="closed-time" /> : null}
                  </span>
                </td>
                <td data-label={t('orders.col.reason')} data-testid="closed-reason">
                  {row.closeReason ? t(`orders.reason.${row.closeReason}`) : '—'}
                </td>
                <td data-label={t('orders.col.fee')}>
                  <MoneyText value={row.fee} testId="closed-fee" />
                </td>
                <td data-label={t('orders.col.profit')}>
                  {row.realizedProfit !== null ? <MoneyText value={row.realizedProfit} signed testId="closed-profit" /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} testId="closed-pager" />
    </>
  );
}
