import type { ListOptionsOrderQuery } from '@meridian/contracts';
import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `listOptionsOrder`: options orders, open or settled, newest first, paged. */
export const listOptionsOrder = (api: ApiClient, query: ListOptionsOrderQuery, signal?: AbortSignal) =>
  api.call(order.listOptionsOrder, { query, signal });
