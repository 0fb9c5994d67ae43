import type { ContractOrder, LanguageCode, MarketInfo } from '@meridian/contracts';
import { formatDecimal } from '@meridian/platform';
import type { TFunction } from '@meridian/platform';
import { Button } from '@meridian/ui';
import type { DataColumn } from '@meridian/ui/data-table';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import styles from './orders.module.css';

/** The tick size of a row's instrument when it is the one on screen (its prices then show at the tick's places). */
type TickOf = (row: { instrumentId: number }) => string | undefined;

export const tickOfInstrument =
  (instrument: MarketInfo): TickOf =>
  (row) =>
    row.instrumentId === instrument.id ? instrument.tickSize : undefined;

/** The instrument's code, naming the row. */
export const instrumentColumn = <T extends { code: string }>(t: TFunction): DataColumn<T> => ({
  id: 'instrument',
  header: t('orders.col.instrument'),
  rowHeader: true,
  cell: (row) => row.code,
});

/** The columns every contract list starts with: the instrument, the side with its leverage, the lots. */
export const contractColumns = <T extends ContractOrder>(t: TFunction, lang: LanguageCode): DataColumn<T>[] => [
  instrumentColumn(t),
  {
    id: 'side',
    header: t('orders.col.side'),
    cell: (row) => (
      <>
        <span className={row.side === 'buy' ? styles.up : styles.down}>{t(`trade.side.${row.side}`)}</span>{' '}
        {t('trade.contract.leverageOption', { leverage: row.leverage })}
      </>
    ),
  },
  { id: 'lots', header: t('orders.col.lots'), cell: (row) => formatDecimal(row.lots, lang) },
];

/** The stop loss and take profit prices, "—" where not set. */
export const slTpColumn = <T extends ContractOrder>(t: TFunction, tickOf: TickOf): DataColumn<T> => ({
  id: 'slTp',
  header: t('orders.col.slTp'),
  cell: (row) => (
    <>
      {row.stopLoss !== null ? <PriceValue value={row.stopLoss} tickSize={tickOf(row)} /> : '—'} /{' '}
      {row.takeProfit !== null ? <PriceValue value={row.takeProfit} tickSize={tickOf(row)} /> : '—'}
    </>
  ),
});

/** A signed profit or loss, "—" until there is one. */
export const profitColumn = <T,>(t: TFunction, profitOf: (row: T) => string | null, testId: string): DataColumn<T> => ({
  id: 'profit',
  header: t('orders.col.profit'),
  cell: (row) => {
    const profit = profitOf(row);
    return profit !== null ? <MoneyText value={profit} signed testId={testId} /> : '—';
  },
});

/**
 * The row's action: a button (named for its row) that asks for a confirmation. Its header is for screen
 * readers only.
 */
export const actionColumn = <T extends { code: string }>(
  t: TFunction,
  action: { text: string; labelOf: (row: T) => string; onClick: (row: T) => void; disabled: boolean; testId: string },
): DataColumn<T> => ({
  id: 'action',
  header: t('orders.col.action'),
  hiddenHeader: true,
  className: styles.action,
  cell: (row) => (
    <Button
      variant="secondary"
      onClick={() => action.onClick(row)}
      disabled={action.disabled}
      aria-label={action.labelOf(row)}
      data-testid={action.testId}
    >
      {action.text}
    </Button>
  ),
});

/** A tick's price ("—" while there is none) with, under it, its time; `testId` names them `<testId>-price` and `<testId>-time`. */
export function PriceAt({
  price,
  time,
  tickSize,
  testId,
}: {
  price: string | null;
  time: number | null;
  tickSize: string | undefined;
  testId?: string;
}) {
  return (
    <>
      {price !== null ? <PriceValue value={price} tickSize={tickSize} testId={testId && `${testId}-price`} /> : '—'}
      <br />
      <span className={styles.muted}>{time !== null ? <TickTime time={time} testId={testId && `${testId}-time`} /> : null}</span>
    </>
  );
}
