import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `getOptionsOrderById/{id}`: one options order, with its settle tick and profit once settled. */
export const getOptionsOrderById = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.call(order.getOptionsOrderById, { params: { id }, signal });
