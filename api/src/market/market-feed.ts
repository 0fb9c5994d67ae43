/** One price change from a feed: the instrument's new price and the traded value (USD) since its last tick. */
export interface FeedTick {
  id: number;
  price: string;
  volume: string;
}

/**
 * Where prices come from. The built-in simulator is the default; a feed that follows a real provider
 * plugs in behind the same interface (SPEC §0 rule 6). Only the node that leads the feed polls it.
 */
export interface MarketFeed {
  /** True for the built-in simulator, so screens can label simulated prices. */
  readonly simulated: boolean;
  /** Goes on from these prices (instrument id → last price): a restart, or this node taking the feed over. */
  resume(prices: ReadonlyMap<number, string>): void;
  /** The price changes since the last poll, at `now` (epoch ms). */
  poll(now: number): FeedTick[];
  /** Releases connections (a real feed's socket). */
  close?(): void;
}
