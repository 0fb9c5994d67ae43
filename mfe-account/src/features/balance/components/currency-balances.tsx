import { CURRENCIES, money } from '@meridian/contracts';
import type { AccountFigures, Money } from '@meridian/contracts';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { formatAmount, formatMoney, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './funding.module.css';

/**
 * The real account's balance in every currency (SPEC §3: USD, USDT, BTC, ETH; trading uses USD): what is
 * free, what is held (margin, pending withdrawals, bids …), the total, and its value in USD at live prices,
 * with the account's total in USD labelled an estimate. Exact decimals from the server, never floats.
 */
export function CurrencyBalances({ account }: { account: AccountFigures }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const rows = CURRENCIES.map(({ code }) => {
    const figures = account.currencies?.find((c) => c.currency === code);
    const total = money(figures?.total ?? '0');
    const free = money(figures?.balance ?? '0');
    return { code, free, held: total.minus(free), total, usd: figures?.usdValue ?? (total.isZero() ? '0' : null) };
  });
  type Row = (typeof rows)[number];
  const figure = (testId: string, value: Money, code: string) => (
    <span data-testid={testId} data-value={value.toFixed()}>
      {formatAmount(value.toFixed(), code, language)}
    </span>
  );
  const columns: DataColumn<Row>[] = [
    { id: 'currency', header: t('funding.columns.currency'), rowHeader: true, cell: (row) => row.code },
    { id: 'available', header: t('funding.columns.available'), numeric: true, cell: (row) => figure('available', row.free, row.code) },
    { id: 'held', header: t('funding.columns.held'), numeric: true, cell: (row) => figure('held', row.held, row.code) },
    { id: 'total', header: t('funding.columns.total'), numeric: true, cell: (row) => figure('total', row.total, row.code) },
    {
      id: 'usd',
      header: t('funding.columns.usd'),
      numeric: true,
      cell: (row) => (row.usd === null ? '—' : `≈ ${formatMoney(row.usd, 'USD', language)}`),
    },
  ];
  return (
    <div className={styles.tableWrap}>
      <p className={styles.caption}>{t('funding.balancesCaption')}</p>
      <DataTable<Row>
        columns={columns}
        rows={rows}
        rowKey={(row) => row.code}
        caption={t('funding.balancesTitle')}
        rowAttributes={(row) => ({ 'data-currency': row.code })}
        cards
        testId="currency-balances"
      />
      {account.estimatedTotalUsd !== undefined ? (
        <p className={styles.estimate} data-testid="currency-balances-total">
          {t('funding.totalUsd', { amount: formatMoney(account.estimatedTotalUsd, 'USD', language) })}
        </p>
      ) : null}
    </div>
  );
}
