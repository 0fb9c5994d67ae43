import { useState } from 'react';
import { useAccountMode, useT } from '@meridian/platform';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import { DepositRecords } from './components/deposit-records.tsx';
import { ExchangeRecords } from './components/flash-exchange.tsx';
import { ContractRecords, OptionsRecords } from './components/order-records.tsx';
import { Statement } from './components/statement.tsx';
import { WithdrawalRecords } from './components/withdrawal-records.tsx';

const ALL_TABS = ['contracts', 'options', 'statement', 'deposits', 'withdrawals', 'exchanges'] as const;
type RecordsTab = (typeof ALL_TABS)[number];
/** Funding exists in the real account only: the demo account's records are its orders and its statement. */
const DEMO_TABS: readonly RecordsTab[] = ['contracts', 'options', 'statement'];

/**
 * `/profile/records` (issue 25 item 5): every record of the account in use in one place — all contract and
 * options orders on every instrument, the statement of every ledger transfer (with its CSV export), and in
 * the real account the deposits, withdrawals and exchanges, each with its timeline.
 */
export function RecordsPage() {
  const { t } = useT(NAMESPACE);
  const mode = useAccountMode();
  const tabs = mode === 'real' ? ALL_TABS : DEMO_TABS;
  const [chosen, setChosen] = useState<RecordsTab>('contracts');
  const tab = tabs.includes(chosen) ? chosen : 'contracts';
  return (
    <AccountPage title={t('pages.records')} testId="records-page">
      <AccountCard id="records" title={t(`records.modes.${mode}`)} testId="records-card">
        <Tabs
          label={t('pages.records')}
          items={tabs.map((key) => ({ key, label: t(`records.tabs.${key}`), testId: `records-tab-${key}` }))}
          value={tab}
          onChange={setChosen}
          testId="records-tabs"
        >
          {tab === 'contracts' ? <ContractRecords /> : null}
          {tab === 'options' ? <OptionsRecords /> : null}
          {tab === 'statement' ? <Statement /> : null}
          {tab === 'deposits' ? <DepositRecords /> : null}
          {tab === 'withdrawals' ? <WithdrawalRecords /> : null}
          {tab === 'exchanges' ? <ExchangeRecords /> : null}
        </Tabs>
      </AccountCard>
    </AccountPage>
  );
}
