import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { InstrumentPage } from '../features/instrument/components/instrument-page.tsx';
import { MarketListPage } from '../features/market-list/components/market-list-page.tsx';
import { OrderLists } from '../features/orders/components/order-lists.tsx';
import { OrderPanel } from '../features/trade/components/order-panel.tsx';
import type { InstrumentContext } from '../shared/instrument-slots.ts';
import { PlatformProvider } from '../shared/platform-context.tsx';

// The instrument page hosts the trading features; the app composes them (features never import each other).
const orderPanel = (context: InstrumentContext) => <OrderPanel {...context} />;
const orderLists = (context: InstrumentContext) => <OrderLists {...context} />;

/** Markets: the listing at `/market` and one instrument at `/cruuency` (SPEC §2). */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/market" element={<MarketListPage />} />
          <Route path="/cruuency" element={<InstrumentPage orderPanel={orderPanel} orderLists={orderLists} />} />
          <Route path="*" element={<Navigate to="/market" replace />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
