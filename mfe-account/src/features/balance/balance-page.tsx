import type { UserInfoResult } from '@meridian/contracts';
import { formatDateTime, formatMoney, useLanguage, useT } from '@meridian/platform';
import { surfaceClasses } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import layout from '../../shared/account-page.module.css';
import { QueryView } from '../../shared/query-view.tsx';
import { useAccount } from '../../shared/use-account.ts';
import { AvailableNow } from '../../shared/available-now.tsx';
import { CurrencyFigures } from '../../shared/currency-figures.tsx';
import styles from './balance.module.css';

const FIGURES = ['baseBalance', 'totalAssets', 'bondAmount'] as const;
const COMING = ['deposits', 'withdrawals', 'exchange', 'records'] as const;

function Balance({ info: { account } }: { info: UserInfoResult }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby="balance-figures-title" data-testid="balance-figures">
      <h2 id="balance-figures-title" className={layout.cardTitle}>
        {t('profile.balances', { mode: t(`profile.${account.mode}`) })}
      </h2>
      <dl className={styles.figures}>
        {FIGURES.map((key) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`profile.${key}`)}</dt>
            <dd data-testid={`balance-${key}`} data-value={account[key]}>
              {formatMoney(account[key], 'USD', language)}
            </dd>
          </div>
        ))}
      </dl>
      <CurrencyFigures account={account} testId="balance-currencies" />
      <p className={layout.muted}>{t('profile.updatedAt', { time: formatDateTime(account.timestamp, language) })}</p>
    </section>
  );
}

/**
 * `/profile/balance` (real account): the real balance, live, and a plain statement of what funding will
 * add (deposits, withdrawals, flash exchange, records) until it does, with links to what works today.
 */
export function BalancePage() {
  const { t } = useT(NAMESPACE);
  const account = useAccount();
  return (
    <div className={layout.page} data-testid="balance-page">
      <h1 className={layout.title}>{t('pages.balance')}</h1>
      <QueryView query={account}>{(info) => <Balance info={info} />}</QueryView>
      <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby="funding-coming-title" data-testid="funding-coming">
        <h2 id="funding-coming-title" className={layout.cardTitle}>
          {t('balance.comingTitle')}
        </h2>
        <p className={layout.muted}>{t('balance.comingLead')}</p>
        <ul className={`${layout.muted} ${styles.coming}`}>
          {COMING.map((key) => (
            <li key={key}>{t(`balance.coming.${key}`)}</li>
          ))}
        </ul>
        <p className={layout.muted} data-testid="funding-promise">
          {t('balance.promise')}
        </p>
      </section>
      <AvailableNow />
    </div>
  );
}
