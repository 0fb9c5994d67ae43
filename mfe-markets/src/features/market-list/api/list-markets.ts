import { API_PATHS } from '@meridian/contracts';
import type { ListMarketQuery } from '@meridian/contracts';
import { listMarketResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `listMarketByType`: one type's instruments, searched and sorted by the server. */
export const listMarkets = (api: ApiClient, query: ListMarketQuery, signal?: AbortSignal) =>
  api.get(API_PATHS.listMarketByType, { query: { ...query }, result: listMarketResult, ...(signal ? { signal } : {}) });
