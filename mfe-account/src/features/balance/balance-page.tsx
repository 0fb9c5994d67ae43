import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DepositView } from '@meridian/contracts';
import { formatAmount, useLanguage, useT } from '@meridian/platform';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { useAccount } from '../../shared/use-account.ts';
import { CurrencyBalances } from './components/currency-balances.tsx';
import { DepositForm } from './components/deposit-form.tsx';
import { DepositRecords } from './components/deposit-records.tsx';
import { FlashExchange } from './components/flash-exchange.tsx';
import { Statement } from './components/statement.tsx';

/**
 * `/profile/balance` (real account): the balance of each currency with what is held and the total in
 * USD, live; the platform's promise (SPEC §0 rule 10); a deposit; the user's deposits with their
 * timelines, refreshed live when an operator decides; the statement; the flash exchange; the way to
 * withdraw.
 */
export function BalancePage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const account = useAccount();
  const [sent, setSent] = useState<DepositView | null>(null);
  return (
    <AccountPage title={t('pages.balance')} testId="balance-page">
      <AccountCard id="balances" title={t('funding.balancesTitle')} testId="balances-card">
        <QueryView query={account}>{(info) => <CurrencyBalances account={info.account} />}</QueryView>
      </AccountCard>
      <p className={layout.muted} data-testid="funding-promise">
        {t('balance.promise')}
      </p>
      <p className={layout.muted}>
        <Link to="/profile/withdraw" data-testid="to-withdraw">
          {t('withdraw.goTo')}
        </Link>
        {' · '}
        <Link to="/profile/records" data-testid="to-records">
          {t('records.goTo')}
        </Link>
      </p>
      <AccountCard id="deposit" title={t('funding.depositTitle')} testId="deposit-card">
        <p className={layout.muted}>{t('funding.depositLead')}</p>
        {sent ? (
          <p role="status" data-testid="deposit-sent">
            {t('funding.sent', { amount: formatAmount(sent.amount, sent.currency, lang) })}
          </p>
        ) : null}
        <DepositForm onSubmitted={setSent} />
      </AccountCard>
      <AccountCard id="deposits" title={t('funding.recordsTitle')} testId="deposits-card">
        <DepositRecords />
      </AccountCard>
      <AccountCard id="statement" title={t('statement.title')} testId="statement-card">
        <Statement />
      </AccountCard>
      <AccountCard id="exchange" title={t('exchange.title')} testId="exchange-card">
        <p className={layout.muted}>{t('exchange.lead')}</p>
        <FlashExchange />
      </AccountCard>
    </AccountPage>
  );
}
