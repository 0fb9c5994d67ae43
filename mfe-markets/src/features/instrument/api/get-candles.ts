import { API_PATHS } from '@meridian/contracts';
import type { CandlesQuery } from '@meridian/contracts';
import { candlesResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `getKValueByCodeAndDate`: an instrument's candles, oldest first. */
export const getCandles = (api: ApiClient, query: CandlesQuery, signal?: AbortSignal) =>
  api.get(API_PATHS.getKValueByCodeAndDate, { query: { ...query }, result: candlesResult, ...(signal ? { signal } : {}) });
