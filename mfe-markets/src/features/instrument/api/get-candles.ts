import type { CandlesQuery } from '@meridian/contracts';
import { marketEndpoints as market } from '@meridian/contracts/endpoints/market';
import type { ApiClient } from '@meridian/platform';

/** `getKValueByCodeAndDate`: an instrument's candles, oldest first. */
export const getCandles = (api: ApiClient, query: CandlesQuery, signal?: AbortSignal) =>
  api.call(market.getKValueByCodeAndDate, { query, signal });
