import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTRACT_STATUSES, TRADING_CURRENCY } from '@meridian/contracts';
import type { ContractOrder, OptionsOrder } from '@meridian/contracts';
import { tradingEndpoints as trading } from '@meridian/contracts/endpoints/trading';
import { formatAmount, formatDateTime, formatDecimal, useAccountMode, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState, formClasses } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from './funding.module.css';

const PAGE_SIZE = 20;
type ContractStatus = (typeof CONTRACT_STATUSES)[number];
type OptionsStatus = 'open' | 'settled';

/** A signed result in the trading currency, coloured: + gains, − losses. */
function Result({ value }: { value: string | null }) {
  const lang = useLanguage();
  if (value === null) return <>—</>;
  const negative = value.startsWith('-');
  return (
    <span className={negative ? styles.out : value === '0' ? undefined : styles.in} data-value={value}>
      {negative ? '−' : value === '0' ? '' : '+'}
      {formatAmount(negative ? value.slice(1) : value, TRADING_CURRENCY, lang)}
    </span>
  );
}

/** A state filter above a list. */
function StatusSelect<S extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: S;
  options: readonly S[];
  onChange: (v: S) => void;
  label: (s: S) => string;
  testId: string;
}) {
  const { t } = useT(NAMESPACE);
  return (
    <label className={formClasses.label}>
      {t('records.status')}{' '}
      <select
        className={formClasses.select}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as S)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Every contract order of the account in use, on every instrument, by state, paged (the order group's `listOrder`). */
export function ContractRecords() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const mode = useAccountMode();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [status, setStatus] = useState<ContractStatus>('closed');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: accountKeys.records(userId, mode, 'contracts', status, page),
    queryFn: ({ signal }) => api.call(trading.listOrder, { query: { status, page, pageSize: PAGE_SIZE }, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const columns: DataColumn<ContractOrder>[] = [
    { id: 'opened', header: t('records.columns.opened'), cell: (o) => formatDateTime(o.openTime, lang) },
    { id: 'instrument', header: t('records.columns.instrument'), rowHeader: true, cell: (o) => <bdi>{o.code}</bdi> },
    { id: 'side', header: t('records.columns.side'), cell: (o) => t(`records.sides.${o.side}`) },
    { id: 'lots', header: t('records.columns.lots'), numeric: true, cell: (o) => `${formatDecimal(o.lots, lang)} × ${o.leverage}×` },
    { id: 'open', header: t('records.columns.openPrice'), numeric: true, cell: (o) => formatDecimal(o.openPrice, lang) },
    {
      id: 'close',
      header: t('records.columns.closePrice'),
      numeric: true,
      cell: (o) => (o.closePrice ? formatDecimal(o.closePrice, lang) : '—'),
    },
    { id: 'fee', header: t('records.columns.fee'), numeric: true, cell: (o) => formatAmount(o.fee, TRADING_CURRENCY, lang) },
    { id: 'result', header: t('records.columns.result'), numeric: true, cell: (o) => <Result value={o.realizedProfit ?? o.floatingPnl} /> },
  ];
  return (
    <div className={styles.form}>
      <StatusSelect
        value={status}
        options={CONTRACT_STATUSES}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        label={(s) => t(`records.contractStatuses.${s}`)}
        testId="records-contract-status"
      />
      <QueryView query={query}>
        {(list) => (
          <DataTable<ContractOrder>
            columns={columns}
            rows={list.items}
            rowKey={(o) => o.id}
            caption={t('records.contracts')}
            empty={<EmptyState title={t('records.noOrders')} />}
            paging={{ page, pageSize: PAGE_SIZE, total: list.total, onPage: setPage }}
            busy={query.isPlaceholderData}
            cards
            rowAttributes={() => ({ 'data-testid': 'record-contract' })}
            testId="records-contracts"
            pagerTestId="records-contracts-pager"
          />
        )}
      </QueryView>
    </div>
  );
}

/** Every options order of the account in use, open or settled, paged (`listOptionsOrder`). */
export function OptionsRecords() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const mode = useAccountMode();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [status, setStatus] = useState<OptionsStatus>('settled');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: accountKeys.records(userId, mode, 'options', status, page),
    queryFn: ({ signal }) => api.call(trading.listOptionsOrder, { query: { status, page, pageSize: PAGE_SIZE }, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const columns: DataColumn<OptionsOrder>[] = [
    { id: 'opened', header: t('records.columns.opened'), cell: (o) => formatDateTime(o.openTime, lang) },
    { id: 'instrument', header: t('records.columns.instrument'), rowHeader: true, cell: (o) => <bdi>{o.code}</bdi> },
    { id: 'direction', header: t('records.columns.direction'), cell: (o) => t(`records.directions.${o.direction}`) },
    { id: 'amount', header: t('records.columns.stake'), numeric: true, cell: (o) => formatAmount(o.amount, TRADING_CURRENCY, lang) },
    { id: 'open', header: t('records.columns.openPrice'), numeric: true, cell: (o) => formatDecimal(o.openPrice, lang) },
    {
      id: 'settle',
      header: t('records.columns.settlePrice'),
      numeric: true,
      cell: (o) => (o.settlePrice ? formatDecimal(o.settlePrice, lang) : '—'),
    },
    { id: 'state', header: t('records.columns.state'), cell: (o) => t(`records.optionStatuses.${o.status}`) },
    { id: 'result', header: t('records.columns.result'), numeric: true, cell: (o) => <Result value={o.profit} /> },
  ];
  return (
    <div className={styles.form}>
      <StatusSelect
        value={status}
        options={['open', 'settled'] as const}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        label={(s) => t(`records.optionFilters.${s}`)}
        testId="records-options-status"
      />
      <QueryView query={query}>
        {(list) => (
          <DataTable<OptionsOrder>
            columns={columns}
            rows={list.items}
            rowKey={(o) => o.id}
            caption={t('records.options')}
            empty={<EmptyState title={t('records.noOrders')} />}
            paging={{ page, pageSize: PAGE_SIZE, total: list.total, onPage: setPage }}
            busy={query.isPlaceholderData}
            cards
            rowAttributes={() => ({ 'data-testid': 'record-option' })}
            testId="records-options"
            pagerTestId="records-options-pager"
          />
        )}
      </QueryView>
    </div>
  );
}
