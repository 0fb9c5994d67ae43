import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `getTradingTerms/{instrumentId}`: fee, leverages, contract size and the options products of an instrument. */
export const getTradingTerms = (api: ApiClient, instrumentId: number, signal?: AbortSignal) =>
  api.call(order.getTradingTerms, { params: { instrumentId }, signal });
