import { money } from '@meridian/contracts';
import type { AccountFigures } from '@meridian/contracts';
import { formatAmount, formatMoney, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './currency-figures.module.css';

/** The currencies of an account the user holds something in (a total other than zero), in table order. */
function heldCurrencies(account: AccountFigures) {
  return (account.currencies ?? []).filter((c) => !money(c.total).isZero());
}

/**
 * The account's balance in each currency it holds (only those not zero), each in its own places, and
 * the total in USD at live prices, labelled an estimate. Nothing from a server of balance figures version 1.
 */
export function CurrencyFigures({ account, testId }: { account: AccountFigures; testId: string }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  if (!account.currencies) return null;
  const held = heldCurrencies(account);
  return (
    <div className={styles.wrap} data-testid={testId}>
      {held.length > 0 ? (
        <dl className={styles.list} aria-label={t('profile.byCurrency')}>
          {held.map((c) => (
            <div key={c.currency} className={styles.row} data-currency={c.currency}>
              <dt>{c.currency}</dt>
              <dd data-value={c.total}>{formatAmount(c.total, c.currency, language)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {account.estimatedTotalUsd !== undefined ? (
        <p className={styles.estimate} data-testid={`${testId}-estimate`} data-value={account.estimatedTotalUsd}>
          <span>{t('profile.estimatedTotalUsd')}</span> <strong>≈ {formatMoney(account.estimatedTotalUsd, 'USD', language)}</strong>{' '}
          <span className={styles.badge}>{t('profile.estimate')}</span>
        </p>
      ) : null}
    </div>
  );
}
