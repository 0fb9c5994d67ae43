import type { ListMarketQuery } from '@meridian/contracts';
import { marketEndpoints as market } from '@meridian/contracts/endpoints/market';
import type { ApiClient } from '@meridian/platform';

/** `listMarketByType`: one type's instruments, searched and sorted by the server. */
export const listMarkets = (api: ApiClient, query: ListMarketQuery, signal?: AbortSignal) =>
  api.call(market.listMarketByType, { query, signal });
