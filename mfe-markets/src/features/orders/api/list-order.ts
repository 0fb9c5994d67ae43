import type { ListOrderQuery } from '@meridian/contracts';
import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `listOrder`: contract positions, holding (with mark price and floating PnL) or closed, newest first, paged. */
export const listOrder = (api: ApiClient, query: ListOrderQuery, signal?: AbortSignal) => api.call(order.listOrder, { query, signal });
