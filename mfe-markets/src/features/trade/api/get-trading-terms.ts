import { API_PATHS } from '@meridian/contracts';
import { tradingTerms } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `getTradingTerms/{instrumentId}`: fee, leverages, contract size and the options products of an instrument. */
export const getTradingTerms = (api: ApiClient, instrumentId: number, signal?: AbortSignal) =>
  api.get(API_PATHS.getTradingTerms(instrumentId), { result: tradingTerms, ...(signal ? { signal } : {}) });
