import { marketEndpoints as market } from '@meridian/contracts/endpoints/market';
import type { ApiClient } from '@meridian/platform';

/** `getMarketInfo/{id}`: price, 24 h figures and the instrument's facts. */
export const getMarketInfo = (api: ApiClient, id: number, signal?: AbortSignal) =>
  api.call(market.getMarketInfo, { params: { id }, signal });
