import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useT } from '@meridian/platform';
import type { RemoteProps } from '@meridian/platform';
import { PlannedPage, SimulatedBadge } from '@meridian/ui';
import { MarketTableView } from '../features/market-table/market-table.tsx';
import { NAMESPACE } from '../locales/load-namespace.ts';

const ITEM_KEYS = ['items.i1', 'items.i2', 'items.i3', 'items.i4', 'items.i5'] as const;

function Planned({ page, live }: { page: string; live?: RemoteProps['platform']['live'] }) {
  const { t } = useT(NAMESPACE);
  return (
    <>
      <PlannedPage
        testId="mfe-markets-page"
        title={t(`pages.${page}`)}
        notice={t('notice')}
        lead={t('lead')}
        items={ITEM_KEYS.map((key) => t(key))}
      />
      {live ? (
        <section style={{ maxWidth: 'var(--m-content-width)', margin: '0 auto', padding: '0 1rem 1.5rem' }}>
          <p>
            <SimulatedBadge live={live} />
          </p>
          <MarketTableView live={live} limit={50} />
        </section>
      ) : null}
    </>
  );
}

/** Markets: routes inside this remote's prefixes. */
export function App({ platform }: RemoteProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/market" element={<Planned page="market" live={platform.live} />} />
        <Route path="/cruuency" element={<Planned page="instrument" />} />
        <Route path="*" element={<Planned page="market" />} />
      </Routes>
    </BrowserRouter>
  );
}
