import { InstrumentPage } from '../features/instrument/components/instrument-page.tsx';
import { OrderLists } from '../features/orders/components/order-lists.tsx';
import { OrderPanel } from '../features/trade/components/order-panel.tsx';
import type { InstrumentContext } from '../shared/instrument-slots.ts';

// The instrument page hosts the trading features; the app composes them (features never import each other).
const orderPanel = (context: InstrumentContext) => <OrderPanel {...context} />;
const orderLists = (context: InstrumentContext) => <OrderLists {...context} />;

/** `/cruuency` with its trading parts: a chunk of its own, which `/market` never evaluates. */
export default function InstrumentRoute() {
  return <InstrumentPage orderPanel={orderPanel} orderLists={orderLists} />;
}
