import { API_PATHS } from '@meridian/contracts';
import type { ListOptionsOrderQuery } from '@meridian/contracts';
import { listOptionsOrderResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `listOptionsOrder`: options orders, open or settled, newest first, paged. */
export const listOptionsOrder = (api: ApiClient, query: ListOptionsOrderQuery, signal?: AbortSignal) =>
  api.get(API_PATHS.listOptionsOrder, { query: { ...query }, result: listOptionsOrderResult, ...(signal ? { signal } : {}) });
