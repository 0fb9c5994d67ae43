/** Market types of SPEC §3. */
export const MARKET_TYPES = { forex: 1, crypto: 2, stocks: 3, futures: 4, metals: 5, etfs: 6 } as const;
/** One of the market type ids of SPEC §3 (1 forex … 6 ETFs). */
export type MarketTypeId = (typeof MARKET_TYPES)[keyof typeof MARKET_TYPES];
/** The market types in the order the listing shows their tabs. */
export const MARKET_TYPE_ORDER: readonly MarketTypeId[] = [2, 1, 3, 6, 4, 5];
/** Chart intervals of the K-line calls, shortest first. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
/** How many topics one live connection may watch at once. */
export const MAX_MARKET_TOPICS = 200;
/** How `listMarketByType` can sort. */
export const MARKET_SORTS = ['rank', 'change', 'price', 'name', 'volume'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const MARKET_PAGE_SIZE_MAX = 500;

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
/** Length of each chart interval in ms. */
export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': DAY_MS,
  '1w': 7 * DAY_MS,
};

/** The open time of the candle `time` (epoch ms) falls in: UTC, weeks from Monday 00:00. */
export function candleOpenTime(interval: CandleInterval, time: number): number {
  const ms = CANDLE_INTERVAL_MS[interval];
  // 1970-01-05 was the first Monday.
  const offset = interval === '1w' ? 4 * DAY_MS : 0;
  return Math.floor((time - offset) / ms) * ms + offset;
}
