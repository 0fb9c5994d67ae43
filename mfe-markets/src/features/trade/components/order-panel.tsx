import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OptionsOrder } from '@meridian/contracts';
import { useAccountMode, useIsLoggedIn, useT } from '@meridian/platform';
import { ErrorState, LoadingState } from '@meridian/ui';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import type { InstrumentContext } from '../../../shared/instrument-slots.ts';
import pageStyles from '../../../shared/page.module.css';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { tradingKeys } from '../../../shared/trading-keys.ts';
import { getTradingTerms } from '../api/get-trading-terms.ts';
import { ContractForm } from './contract-form.tsx';
import { OptionsForm } from './options-form.tsx';
import { OptionsTicket } from './options-ticket.tsx';
import styles from './trade.module.css';

type PanelTab = 'contract' | 'options';

/** The order panel of `/cruuency`: contract and options tabs for a signed-in user, a way in for a visitor. */
export function OrderPanel({ instrument, price }: InstrumentContext) {
  const { t } = useT(NAMESPACE);
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  return (
    <section className={pageStyles.card} aria-labelledby="order-panel-title" data-testid="order-panel">
      <h2 id="order-panel-title" className={pageStyles.cardTitle}>
        {t('trade.title', { code: instrument.code })}
      </h2>
      {/* Keyed by the account: switching demo/real starts a fresh form and drops the other account's ticket. */}
      {loggedIn ? <SignedInPanel key={mode} instrument={instrument} price={price} /> : <LogInToTrade />}
    </section>
  );
}

function LogInToTrade() {
  const { t } = useT(NAMESPACE);
  const { navigate } = usePlatform();
  const here = `${window.location.pathname}${window.location.search}`;
  const href = `/pass/login?redirect=${encodeURIComponent(here)}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <div className={styles.visitor}>
      <p>{t('trade.visitor')}</p>
      <a href={href} onClick={open} className={styles.loginLink} data-testid="login-to-trade">
        {t('trade.logIn')}
      </a>
    </div>
  );
}

function SignedInPanel({ instrument, price }: InstrumentContext) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const [tab, setTab] = useState<PanelTab>('contract');
  // The options order bought last, followed to its result (kept while the user looks at the other tab).
  const [ticket, setTicket] = useState<OptionsOrder | null>(null);
  const terms = useQuery({
    queryKey: tradingKeys.terms(instrument.id),
    queryFn: ({ signal }) => getTradingTerms(api, instrument.id, signal),
    staleTime: 5 * 60_000,
  });
  if (terms.isPending) return <LoadingState label={t('trade.loadingTerms')} />;
  if (terms.isError) return <ErrorState title={t('trade.termsFailed')} onRetry={() => void terms.refetch()} />;
  return (
    <Tabs
      label={t('trade.kind')}
      items={[
        { key: 'contract', label: t('trade.tabs.contract'), testId: 'order-tab-contract' },
        { key: 'options', label: t('trade.tabs.options'), testId: 'order-tab-options' },
      ]}
      value={tab}
      onChange={setTab}
      testId="order-tabs"
    >
      {/* Both stay mounted: what is typed survives a tab switch, and an options result keeps coming. */}
      <div hidden={tab !== 'contract'}>
        <ContractForm instrument={instrument} price={price} terms={terms.data} />
      </div>
      <div hidden={tab !== 'options'}>
        {ticket ? <OptionsTicket key={ticket.id} bought={ticket} tickSize={terms.data.tickSize} onDismiss={() => setTicket(null)} /> : null}
        <OptionsForm instrument={instrument} price={price} terms={terms.data} onBought={setTicket} />
      </div>
    </Tabs>
  );
}
