import type { ReactNode } from 'react';
import type { AccountFigures } from '@meridian/contracts';
import { formatDateTime, formatMoney, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { AccountCard } from './account-page.tsx';
import { CurrencyFigures } from './currency-figures.tsx';
import layout from './account-page.module.css';
import styles from './figures-card.module.css';

/** The figures of an account a card can show, in USD. */
type FigureKey = 'baseBalance' | 'totalAssets' | 'floatingPnL' | 'bondAmount' | 'loanAmount' | 'profit';

/**
 * The balances of the account in use (live): the chosen figures in USD (test id `<figureTestId>-<key>`, the
 * exact value in `data-value`), what it holds in each currency, and when they were last updated.
 */
export function FiguresCard({
  account,
  figures,
  testId,
  figureTestId,
  currenciesTestId,
  children,
}: {
  account: AccountFigures;
  figures: readonly FigureKey[];
  testId: string;
  /** The prefix of each figure's test id. */
  figureTestId: string;
  currenciesTestId: string;
  /** What acts on these figures, under them. */
  children?: ReactNode;
}) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <AccountCard id={testId} title={t('profile.balances', { mode: t(`profile.${account.mode}`) })} testId={testId}>
      <dl className={styles.figures}>
        {figures.map((key) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`profile.${key}`)}</dt>
            <dd data-testid={`${figureTestId}-${key}`} data-value={account[key]}>
              {formatMoney(account[key], 'USD', language)}
            </dd>
          </div>
        ))}
      </dl>
      <CurrencyFigures account={account} testId={currenciesTestId} />
      <p className={layout.muted}>{t('profile.updatedAt', { time: formatDateTime(account.timestamp, language) })}</p>
      {children}
    </AccountCard>
  );
}
