import type { ContractOrder, MarketInfo } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { MoneyText } from '../../../shared/money-text.tsx';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import { contractColumns, PriceAt, profitColumn, tickOfInstrument } from './order-columns.tsx';
import { OrderTable } from './order-table.tsx';

/** Closed positions: how and when each closed, at what price, and the realized profit; paged. */
export function ClosedTable({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { list, paging } = useContractOrders('closed', instrumentId);
  const tickOf = tickOfInstrument(instrument);
  const columns: DataColumn<ContractOrder>[] = [
    ...contractColumns(t, lang),
    {
      id: 'open',
      header: t('orders.col.open'),
      cell: (row) => <PriceAt price={row.openPrice} time={row.openTime} tickSize={tickOf(row)} />,
    },
    {
      id: 'close',
      header: t('orders.col.close'),
      cell: (row) => <PriceAt price={row.closePrice} time={row.closeTime} tickSize={tickOf(row)} testId="closed" />,
    },
    {
      id: 'reason',
      header: t('orders.col.reason'),
      cell: (row) => <span data-testid="closed-reason">{row.closeReason ? t(`orders.reason.${row.closeReason}`) : '—'}</span>,
    },
    { id: 'fee', header: t('orders.col.fee'), cell: (row) => <MoneyText value={row.fee} testId="closed-fee" /> },
    profitColumn(t, (row) => row.realizedProfit, 'closed-profit'),
  ];
  return (
    <OrderTable
      list={list}
      paging={paging}
      columns={columns}
      caption={t('orders.tabs.closed')}
      empty={t('orders.noClosed')}
      name="closed"
      rowAttributes={(row) => ({ 'data-testid': 'closed-row', 'data-order-id': row.id, 'data-reason': row.closeReason ?? '' })}
    />
  );
}
