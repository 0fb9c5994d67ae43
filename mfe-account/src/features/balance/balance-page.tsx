import { useT } from '@meridian/platform';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { useAccount } from '../../shared/use-account.ts';
import { AvailableNow } from '../../shared/available-now.tsx';
import { FiguresCard } from '../../shared/figures-card.tsx';
import styles from './balance.module.css';

const FIGURES = ['baseBalance', 'totalAssets', 'bondAmount'] as const;
const COMING = ['deposits', 'withdrawals', 'exchange', 'records'] as const;

/**
 * `/profile/balance` (real account): the real balance, live, and a plain statement of what funding will
 * add (deposits, withdrawals, flash exchange, records) until it does, with links to what works today.
 */
export function BalancePage() {
  const { t } = useT(NAMESPACE);
  const account = useAccount();
  return (
    <AccountPage title={t('pages.balance')} testId="balance-page">
      <QueryView query={account}>
        {(info) => (
          <FiguresCard
            account={info.account}
            figures={FIGURES}
            testId="balance-figures"
            figureTestId="balance"
            currenciesTestId="balance-currencies"
          />
        )}
      </QueryView>
      <AccountCard id="funding-coming" title={t('balance.comingTitle')} testId="funding-coming">
        <p className={layout.muted}>{t('balance.comingLead')}</p>
        <ul className={`${layout.muted} ${styles.coming}`}>
          {COMING.map((key) => (
            <li key={key}>{t(`balance.coming.${key}`)}</li>
          ))}
        </ul>
        <p className={layout.muted} data-testid="funding-promise">
          {t('balance.promise')}
        </p>
      </AccountCard>
      <AvailableNow />
    </AccountPage>
  );
}
