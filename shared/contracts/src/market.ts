import { z } from 'zod';
import { decimalString } from './envelope.ts';
import { CANDLE_INTERVALS, MARKET_PAGE_SIZE_MAX, MARKET_SORTS } from './market-types.ts';
import { V } from './validation-keys.ts';

export const marketType = z.number().int().min(1).max(6);

/** One instrument as the live connection and the market calls carry it. */
export const marketItem = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  type: marketType,
  name: z.string(),
  /** Site path of the instrument's icon (long-cached static file), or null when it has none. */
  logo: z.string().nullable(),
  nowPrice: decimalString,
  /** Change % over the last 24 hours, as a decimal string ("-1.23"). */
  zdf: decimalString,
  /**
   * The last prices, oldest first (at most 100). Empty when the message left the series out (a
   * listing of hundreds of rows does not need them); a client then keeps the series it has.
   */
  hundred: z.array(decimalString).max(100),
});
export type MarketItem = z.infer<typeof marketItem>;

/** One changed instrument in a live tick frame: `[id, price, change %]`. */
export const marketTick = z.tuple([z.number().int().positive(), decimalString, decimalString]);
export type MarketTick = z.infer<typeof marketTick>;

/**
 * What a live connection asks for (`SUBSCRIBE`): `home` (the home page list), `type:N` (one market
 * type), `id:N` (one instrument). The connection receives only instruments of these topics.
 */
export const marketTopic = z.string().regex(/^(home|type:[1-6]|id:[1-9]\d{0,8})$/);

export const tradingSession = z.enum(['always', 'forex', 'us-equity', 'futures', 'metals']);
export type TradingSessionName = z.infer<typeof tradingSession>;

/** `getMarketInfo/{id}`: the instrument, its 24 h figures and the facts an order form needs. */
export const marketInfo = marketItem.extend({
  open24h: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  /** Traded value over 24 hours, in USD. */
  volume24h: decimalString,
  tickSize: decimalString,
  contractSize: decimalString,
  leverages: z.array(z.number().int().positive()),
  session: tradingSession,
  /** Whether the instrument trades now. */
  tradingOpen: z.boolean(),
  /** When it opens or closes next (epoch ms), or null when it always trades. */
  nextSessionChange: z.number().int().nullable(),
  simulated: z.boolean(),
});
export type MarketInfo = z.infer<typeof marketInfo>;

/** `listMarketByType`: one market type (or every type), searched, sorted and paged. */
export const listMarketQuery = z.object({
  type: z.coerce.number().int().min(1).max(6).optional(),
  search: z.string().trim().max(40, { error: V.searchTooLong }).optional(),
  sort: z.enum(MARKET_SORTS).default('rank'),
  /** Ascending by default for rank and name, descending otherwise. */
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MARKET_PAGE_SIZE_MAX).default(50),
  /** Include each row's last 100 prices (for sparklines). */
  series: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
/** What a client sends to `listMarketByType` (the schema coerces the query string). */
export interface ListMarketQuery {
  type?: number;
  search?: string;
  sort?: (typeof MARKET_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  series?: 'true' | 'false';
}
export const listMarketResult = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  simulated: z.boolean(),
  items: z.array(marketItem),
});
export type ListMarketResult = z.infer<typeof listMarketResult>;

export const candleInterval = z.enum(CANDLE_INTERVALS);

/** `getKValueByCodeAndDate`: candles of one instrument, oldest first. */
export const candlesQuery = z
  .object({
    code: z.string().trim().min(1).max(20),
    interval: candleInterval.default('1m'),
    // Epoch ms up to the last date JavaScript can hold.
    from: z.coerce.number().int().nonnegative().max(8.64e15).optional(),
    to: z.coerce.number().int().nonnegative().max(8.64e15).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(300),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: V.invalid, path: ['from'] });
/** What a client sends to `getKValueByCodeAndDate`. */
export interface CandlesQuery {
  code: string;
  interval?: (typeof CANDLE_INTERVALS)[number];
  from?: number;
  to?: number;
  limit?: number;
}

/** One candle: `[open time (epoch ms), open, high, low, close, volume (USD)]`. */
export const candle = z.tuple([z.number().int(), decimalString, decimalString, decimalString, decimalString, decimalString]);
export type Candle = z.infer<typeof candle>;
export const candlesResult = z.object({
  code: z.string(),
  interval: candleInterval,
  simulated: z.boolean(),
  candles: z.array(candle),
});
export type CandlesResult = z.infer<typeof candlesResult>;

export const marketIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const watchlistBody = z.object({ id: z.number().int().positive().max(2_147_483_647) });
export const watchlistResult = z.object({ ids: z.array(z.number().int().positive()) });
export type WatchlistResult = z.infer<typeof watchlistResult>;

/** Home page statistics, computed from the platform's own data and settings (SPEC §0 rule 2). */
export const homeStatistics = z.object({
  listedCrypto: z.number().int().nonnegative(),
  listedInstruments: z.number().int().nonnegative(),
  registeredUsers: z.number().int().nonnegative(),
  /** Traded value over 24 hours across the listed crypto instruments, in USD. */
  volume24h: decimalString,
  tradingFeePercent: decimalString,
  simulated: z.boolean(),
});
export type HomeStatistics = z.infer<typeof homeStatistics>;
