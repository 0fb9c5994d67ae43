import { Suspense, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { useT } from '@meridian/platform';
import { LoadingState } from '@meridian/ui';
import { MarketListPage } from '../features/market-list/components/market-list-page.tsx';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { PlatformProvider } from '../shared/platform-context.tsx';

// The instrument page and the trading features it hosts are most of this part's code, and build the
// trade forms' schemas when evaluated: `/market` does without them. A page view that starts on an
// instrument asks for their chunk at once, alongside this one, rather than after the first render.
const loadInstrumentRoute = () => import('./instrument-route.tsx');
if (window.location.pathname.startsWith('/cruuency')) loadInstrumentRoute().catch(() => undefined);
const InstrumentRoute = lazy(loadInstrumentRoute);

function InstrumentLoading() {
  const { t } = useT(NAMESPACE);
  return <LoadingState label={t('instrument.loading')} />;
}

/** Markets: the listing at `/market` and one instrument at `/cruuency` (SPEC §2). */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/market" element={<MarketListPage />} />
          <Route
            path="/cruuency"
            element={
              <Suspense fallback={<InstrumentLoading />}>
                <InstrumentRoute />
              </Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/market" replace />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
