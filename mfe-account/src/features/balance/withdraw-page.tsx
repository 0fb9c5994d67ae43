import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WithdrawalView } from '@meridian/contracts';
import { formatAmount, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { WalletLinks } from './components/wallet-links.tsx';
import { WithdrawForm } from './components/withdraw-form.tsx';
import { WithdrawalRecords } from './components/withdrawal-records.tsx';

/**
 * `/profile/withdraw` (real account): the linked withdrawal wallets with their hold and signed
 * authorization, the withdrawal form, and the user's withdrawals with their timelines, refreshed live
 * when an operator acts. The platform's promise (SPEC §0 rule 10) stands above it all.
 */
export function WithdrawPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [sent, setSent] = useState<WithdrawalView | null>(null);
  return (
    <AccountPage title={t('pages.withdraw')} testId="withdraw-page">
      <p className={layout.muted} data-testid="funding-promise">
        {t('balance.promise')}
      </p>
      <p className={layout.muted}>
        <Link to="/profile/balance">{t('withdraw.backToBalance')}</Link>
      </p>
      <AccountCard id="wallets" title={t('withdraw.walletsTitle')} testId="wallets-card">
        <WalletLinks />
      </AccountCard>
      <AccountCard id="withdraw" title={t('withdraw.formTitle')} testId="withdraw-card">
        {sent ? (
          <p role="status" data-testid="withdraw-sent">
            {t('withdraw.sent', { amount: formatAmount(sent.amount, sent.currency, lang) })}
          </p>
        ) : null}
        <WithdrawForm onSubmitted={setSent} />
      </AccountCard>
      <AccountCard id="withdrawals" title={t('withdraw.recordsTitle')} testId="withdrawals-card">
        <WithdrawalRecords />
      </AccountCard>
    </AccountPage>
  );
}
