import type { ReactNode } from 'react';
import type { MarketInfo } from '@meridian/contracts';

/** What the instrument page hands the trading parts it hosts: the instrument and its live price. */
export interface InstrumentContext {
  instrument: MarketInfo;
  /** The latest price of the live feed (the figure previews use). */
  price: string;
}

/** Parts the app places on the instrument page (features never import each other; the app composes them). */
export interface InstrumentSlots {
  /** Beside the chart (under it on narrow screens). */
  orderPanel?: (context: InstrumentContext) => ReactNode;
  /** Under the chart. */
  orderLists?: (context: InstrumentContext) => ReactNode;
}
