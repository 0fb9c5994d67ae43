import type { MarketInfo, OptionsOrder } from '@meridian/contracts';
import { formatCountdown, formatDecimal, useLanguage, useNow, useT } from '@meridian/platform';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatPeriod } from '../../../shared/format-period.ts';
import { MoneyText } from '../../../shared/money-text.tsx';
import { useOptionsOrders } from '../hooks/use-order-lists.ts';
import { instrumentColumn, PriceAt, profitColumn, tickOfInstrument } from './order-columns.tsx';
import { OrderTable } from './order-table.tsx';
import styles from './orders.module.css';

const STATUSES = ['open', 'settled'] as const;
const TITLES = { open: 'orders.optionsOpen', settled: 'orders.optionsSettled' } as const;

/** Options orders: the open ones (with a countdown) and the settled ones, each with both ticks; paged. */
export function OptionsOrders({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.stack}>
      {STATUSES.map((status) => (
        <section key={status} aria-labelledby={`options-${status}-title`}>
          <h3 id={`options-${status}-title`} className={styles.subTitle}>
            {t(TITLES[status])}
          </h3>
          <OptionsList status={status} instrument={instrument} instrumentId={instrumentId} />
        </section>
      ))}
    </div>
  );
}

function OptionsList({
  status,
  instrument,
  instrumentId,
}: {
  status: (typeof STATUSES)[number];
  instrument: MarketInfo;
  instrumentId: number | undefined;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { list, paging } = useOptionsOrders(status, instrumentId);
  const now = useNow(1000, status === 'open' && (list.data?.items.length ?? 0) > 0);
  const tickOf = tickOfInstrument(instrument);
  const settle = (row: OptionsOrder) => {
    if (row.settlePrice !== null && row.settleTime !== null) {
      return <PriceAt price={row.settlePrice} time={row.settleTime} tickSize={tickOf(row)} testId="option-settle" />;
    }
    if (row.status !== 'open') return '—';
    return now < row.settleAt ? (
      <span data-testid="option-countdown">{t('trade.options.settlesIn', { time: formatCountdown(row.settleAt - now) })}</span>
    ) : (
      <span>{t('trade.options.settling')}</span>
    );
  };
  const columns: DataColumn<OptionsOrder>[] = [
    instrumentColumn(t),
    {
      id: 'direction',
      header: t('orders.col.direction'),
      cell: (row) => (
        <span className={row.direction === 'up' ? styles.up : styles.down}>
          {row.direction === 'up' ? '▲' : '▼'} {t(`trade.direction.${row.direction}`)}
        </span>
      ),
    },
    { id: 'amount', header: t('orders.col.amount'), cell: (row) => <MoneyText value={row.amount} /> },
    {
      id: 'period',
      header: t('orders.col.period'),
      cell: (row) => (
        <>
          {formatPeriod(row.period, t)}
          <br />
          <span className={styles.muted}>
            {t('trade.options.payoutShort', { percent: `${formatDecimal(row.payoutPercent, lang, { max: 2 })}%` })}
          </span>
        </>
      ),
    },
    {
      id: 'openTick',
      header: t('orders.col.openTick'),
      cell: (row) => <PriceAt price={row.openPrice} time={row.openTime} tickSize={tickOf(row)} testId="option-open" />,
    },
    { id: 'settleTick', header: t('orders.col.settleTick'), cell: settle },
    {
      id: 'status',
      header: t('orders.col.status'),
      cell: (row) => <span data-testid="option-status">{t(`trade.options.status.${row.status}`)}</span>,
    },
    profitColumn(t, (row) => row.profit, 'option-profit'),
  ];
  return (
    <OrderTable
      list={list}
      paging={paging}
      columns={columns}
      caption={t(TITLES[status])}
      empty={t(status === 'open' ? 'orders.noOptionsOpen' : 'orders.noOptionsSettled')}
      name={`options-${status}`}
      rowAttributes={(row) => ({ 'data-testid': 'option-row', 'data-order-id': row.id, 'data-status': row.status })}
    />
  );
}
