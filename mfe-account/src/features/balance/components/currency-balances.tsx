import { CURRENCIES, money } from '@meridian/contracts';
import type { AccountFigures } from '@meridian/contracts';
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
  return (
    <div className={styles.tableWrap}>
      <table className={styles.balances} data-testid="currency-balances">
        <caption className={styles.caption}>{t('funding.balancesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('funding.columns.currency')}</th>
            <th scope="col">{t('funding.columns.available')}</th>
            <th scope="col">{t('funding.columns.held')}</th>
            <th scope="col">{t('funding.columns.total')}</th>
            <th scope="col">{t('funding.columns.usd')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} data-currency={row.code}>
              <th scope="row">{row.code}</th>
              <td data-testid="available">{formatAmount(row.free.toFixed(), row.code, language)}</td>
              <td data-testid="held">{formatAmount(row.held.toFixed(), row.code, language)}</td>
              <td data-testid="total" data-value={row.total.toFixed()}>
                {formatAmount(row.total.toFixed(), row.code, language)}
              </td>
              <td>{row.usd === null ? '—' : `≈ ${formatMoney(row.usd, 'USD', language)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {account.estimatedTotalUsd !== undefined ? (
        <p className={styles.estimate} data-testid="currency-balances-total">
          {t('funding.totalUsd', { amount: formatMoney(account.estimatedTotalUsd, 'USD', language) })}
        </p>
      ) : null}
    </div>
  );
}
