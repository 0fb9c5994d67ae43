import { useCallback, useEffect, useState } from 'react';
import { settledPnl } from '@meridian/contracts';
import type { CloseContractsResult, MarketInfo } from '@meridian/contracts';
import { formatDecimal, formatPercent, useAccountMode, useLanguage, useT } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatAmount, MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { OrderConfirm } from '../../../shared/order-confirm.tsx';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { UncertainNote } from '../../../shared/uncertain-note.tsx';
import { closeContracts } from '../api/close-contracts.ts';
import { useContractOrders } from '../hooks/use-order-lists.ts';
import { useLivePnl } from '../hooks/use-live-pnl.ts';
import { anyTriggered, mergePnl } from '../state/merge-pnl.ts';
import type { PositionRow } from '../state/merge-pnl.ts';
import { actionColumn, contractColumns, slTpColumn, tickOfInstrument } from './order-columns.tsx';
import { OrderTable } from './order-table.tsx';
import styles from './orders.module.css';

/** After a live price crosses a position's SL/TP/liquidation, the list is read again once the server has closed it. */
const TRIGGER_REFRESH_MS = 1_500;

/** Holding positions with live PnL (REAL_TIME_PNL over the listed figures) and a Close button with confirmation. */
export function PositionsTable({ instrument, instrumentId }: { instrument: MarketInfo; instrumentId: number | undefined }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api, live } = usePlatform();
  const mode = useAccountMode();
  const feedback = useOrderFeedback();
  const [closing, setClosing] = useState<PositionRow | null>(null);
  const { list, paging } = useContractOrders('holding', instrumentId);
  const pnl = useLivePnl(live);
  const rows = list.data ? mergePnl(list.data.items, pnl, list.dataUpdatedAt) : [];
  const triggered = anyTriggered(rows);
  const { refresh } = feedback;

  useEffect(() => {
    if (!triggered) return;
    const timer = setTimeout(() => void refresh(), TRIGGER_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [triggered, refresh]);

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

  const tickOf = tickOfInstrument(instrument);
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
  const columns: DataColumn<PositionRow>[] = [
    ...contractColumns(t, lang),
    {
      id: 'openPrice',
      header: t('orders.col.openPrice'),
      cell: (row) => <PriceValue value={row.openPrice} tickSize={tickOf(row)} />,
    },
    {
      id: 'markPrice',
      header: t('orders.col.markPrice'),
      cell: (row) => (row.markPrice !== null ? <PriceValue value={row.markPrice} tickSize={tickOf(row)} testId="position-mark" /> : '—'),
    },
    {
      id: 'pnl',
      header: t('orders.col.pnl'),
      cell: (row) =>
        row.floatingPnl !== null ? (
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
        ),
    },
    { id: 'margin', header: t('orders.col.margin'), cell: (row) => <MoneyText value={row.margin} /> },
    slTpColumn(t, tickOf),
    {
      id: 'liquidation',
      header: t('orders.col.liquidation'),
      cell: (row) => <PriceValue value={row.liquidationPrice} tickSize={tickOf(row)} />,
    },
    { id: 'openTime', header: t('orders.col.openTime'), cell: (row) => <TickTime time={row.openTime} /> },
    actionColumn<PositionRow>(t, {
      text: t('orders.close'),
      labelOf: (row) => t('orders.closeOf', { code: row.code }),
      onClick: setClosing,
      disabled: close.isPending,
      testId: 'position-close',
    }),
  ];

  return (
    <>
      <OrderTable
        list={list}
        rows={rows}
        paging={paging}
        columns={columns}
        caption={t('orders.tabs.positions')}
        empty={t('orders.noPositions')}
        name="positions"
        rowAttributes={(row) => ({ 'data-testid': 'position-row', 'data-order-id': row.id, 'data-live': String(row.live) })}
      />
      {close.pendingSignature ? <UncertainNote testId="close-uncertain" className={styles.spaced} /> : null}
      {closingRow ? (
        <OrderConfirm
          title={t('orders.closeTitle', { code: closingRow.code })}
          testId="close-confirm"
          confirmLabel={t('orders.closeConfirm')}
          busy={close.isPending}
          onClose={cancel}
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
