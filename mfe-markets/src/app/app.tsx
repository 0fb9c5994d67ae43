import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { InstrumentPage } from '../features/instrument/components/instrument-page.tsx';
import { MarketListPage } from '../features/market-list/components/market-list-page.tsx';
import { PlatformProvider } from '../shared/platform-context.tsx';

/** Markets: the listing at `/market` and one instrument at `/cruuency` (SPEC §2). */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/market" element={<MarketListPage />} />
          <Route path="/cruuency" element={<InstrumentPage />} />
          <Route path="*" element={<Navigate to="/market" replace />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
