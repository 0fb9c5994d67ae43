import { useState } from 'react';
import type { MarketInfo, OptionsOrder } from '@meridian/contracts';
import { formatDecimal, useLanguage, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatPeriod } from '../../../shared/format-period.ts';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { formatCountdown, useNow } from '../../../shared/use-now.ts';
import { useOptionsOrders } from '../hooks/use-order-lists.ts';
import styles from './orders.module.css';

const PAGE_SIZE = 20;

/** Options orders: the open ones (with a countdown) and the settled ones, each with both ticks; paged. */
export function OptionsOrders({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.stack}>
      <section aria-labelledby="options-open-title">
        <h3 id="options-open-title" className={styles.subTitle}>
          {t('orders.optionsOpen')}
        </h3>
        <OptionsList status="open" instrument={instrument} instrumentId={instrumentId} />
      </section>
      <section aria-labelledby="options-settled-title">
        <h3 id="options-settled-title" className={styles.subTitle}>
          {t('orders.optionsSettled')}
        </h3>
        <OptionsList status="settled" instrument={instrument} instrumentId={instrumentId} />
      </section>
    </div>
  );
}

function OptionsList({
  status,
  instrument,
  instrumentId,
}: {
  status: 'open' | 'settled';
  instrument: MarketInfo;
  instrumentId: number | undefined;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const list = useOptionsOrders(status, instrumentId, page, PAGE_SIZE);
  const now = useNow(1000, status === 'open' && (list.data?.items.length ?? 0) > 0);
  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0 && page === 1)
    return <EmptyState title={t(status === 'open' ? 'orders.noOptionsOpen' : 'orders.noOptionsSettled')} />;
  const tickOf = (row: { instrumentId: number }) => (row.instrumentId === instrument.id ? instrument.tickSize : undefined);
  const settle = (row: OptionsOrder) => {
    if (row.settlePrice !== null && row.settleTime !== null) {
      return (
        <>
          <PriceValue value={row.settlePrice} tickSize={tickOf(row)} testId="option-settle-price" />
          <br />
          <span className={styles.muted}>
            <TickTime time={row.settleTime} testId="option-settle-time" />
          </span>
        </>
      );
    }
    if (row.status !== 'open') return '—';
    return now < row.settleAt ? (
      <span data-testid="option-countdown">{t('trade.options.settlesIn', { time: formatCountdown(row.settleAt - now) })}</span>
    ) : (
      <span>{t('trade.options.settling')}</span>
    );
  };
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid={`options-${status}-table`} aria-busy={list.isPlaceholderData}>
          <caption className={styles.visuallyHidden}>{t(status === 'open' ? 'orders.optionsOpen' : 'orders.optionsSettled')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.col.instrument')}</th>
              <th scope="col">{t('orders.col.direction')}</th>
              <th scope="col">{t('orders.col.amount')}</th>
              <th scope="col">{t('orders.col.period')}</th>
              <th scope="col">{t('orders.col.openTick')}</th>
              <th scope="col">{t('orders.col.settleTick')}</th>
              <th scope="col">{t('orders.col.status')}</th>
              <th scope="col">{t('orders.col.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((row) => (
              <tr key={row.id} data-testid="option-row" data-order-id={row.id} data-status={row.status}>
                <th scope="row" data-label={t('orders.col.instrument')}>
                  {row.code}
                </th>
                <td data-label={t('orders.col.direction')}>
                  <span className={row.direction === 'up' ? styles.up : styles.down}>
                    {row.direction === 'up' ? '▲' : '▼'} {t(`trade.direction.${row.direction}`)}
                  </span>
                </td>
                <td data-label={t('orders.col.amount')}>
                  <MoneyText value={row.amount} />
                </td>
                <td data-label={t('orders.col.period')}>
                  {formatPeriod(row.period, t)}
                  <br />
                  <span className={styles.muted}>
                    {t('trade.options.payoutShort', { percent: `${formatDecimal(row.payoutPercent, lang, { max: 2 })}%` })}
                  </span>
                </td>
                <td data-label={t('orders.col.openTick')}>
                  <PriceValue value={row.openPrice} tickSize={tickOf(row)} testId="option-open-price" />
                  <br />
                  <span className={styles.muted}>
                    <TickTime time={row.openTime} testId="option-open-time" />
                  </span>
                </td>
                <td data-label={t('orders.col.settleTick')}>{settle(row)}</td>
                <td data-label={t('orders.col.status')} data-testid="option-status">
                  {t(`trade.options.status.${row.status}`)}
                </td>
                <td data-label={t('orders.col.profit')}>
                  {row.profit !== null ? <MoneyText value={row.profit} signed testId="option-profit" /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} testId={`options-${status}-pager`} />
    </>
  );
}
