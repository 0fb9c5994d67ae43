import { useState } from 'react';
import { useIsLoggedIn, useT } from '@meridian/platform';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { Choice } from '../../../shared/choice.tsx';
import type { InstrumentContext } from '../../../shared/instrument-slots.ts';
import pageStyles from '../../../shared/page.module.css';
import { ClosedTable } from './closed-table.tsx';
import { OptionsOrders } from './options-orders.tsx';
import { PendingTable } from './pending-table.tsx';
import { PositionsTable } from './positions-table.tsx';
import { useRefreshOnBalance } from '../hooks/use-order-lists.ts';
import styles from './orders.module.css';

type ListTab = 'positions' | 'pending' | 'closed' | 'options';
type Scope = 'instrument' | 'all';

/** Under the chart: the signed-in user's open positions, pending limit orders, closed positions and options orders. */
export function OrderLists({ instrument }: InstrumentContext) {
  const { t } = useT(NAMESPACE);
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<ListTab>('positions');
  const [scope, setScope] = useState<Scope>('instrument');
  useRefreshOnBalance();
  if (!loggedIn) return null;
  const instrumentId = scope === 'instrument' ? instrument.id : undefined;
  return (
    <section className={pageStyles.card} aria-labelledby="orders-title" data-testid="order-lists">
      <div className={styles.head}>
        <h2 id="orders-title" className={styles.title}>
          {t('orders.title')}
        </h2>
        <Choice
          label={t('orders.filter')}
          items={[
            { id: 'instrument', label: t('orders.thisInstrument', { code: instrument.code }) },
            { id: 'all', label: t('orders.allInstruments') },
          ]}
          value={scope}
          onChange={setScope}
          testIdPrefix="orders-filter"
        />
      </div>
      {/* A new filter starts each list at its first page (keyed by the filter). */}
      <Tabs
        label={t('orders.title')}
        items={[
          { key: 'positions', label: t('orders.tabs.positions'), testId: 'orders-tab-positions' },
          { key: 'pending', label: t('orders.tabs.pending'), testId: 'orders-tab-pending' },
          { key: 'closed', label: t('orders.tabs.closed'), testId: 'orders-tab-closed' },
          { key: 'options', label: t('orders.tabs.options'), testId: 'orders-tab-options' },
        ]}
        value={tab}
        onChange={setTab}
        testId="orders-tabs"
      >
        {tab === 'positions' ? <PositionsTable key={scope} instrument={instrument} instrumentId={instrumentId} /> : null}
        {tab === 'pending' ? <PendingTable key={scope} instrument={instrument} instrumentId={instrumentId} /> : null}
        {tab === 'closed' ? <ClosedTable key={scope} instrument={instrument} instrumentId={instrumentId} /> : null}
        {tab === 'options' ? <OptionsOrders key={scope} instrument={instrument} instrumentId={instrumentId} /> : null}
      </Tabs>
    </section>
  );
}
