import { API_PATHS } from '@meridian/contracts';
import type { ListOrderQuery } from '@meridian/contracts';
import { listOrderResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `listOrder`: contract positions, holding (with mark price and floating PnL) or closed, newest first, paged. */
export const listOrder = (api: ApiClient, query: ListOrderQuery, signal?: AbortSignal) =>
  api.get(API_PATHS.listOrder, { query: { ...query }, result: listOrderResult, ...(signal ? { signal } : {}) });
