import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `cancelOrder/{id}`: cancels a pending limit order; its held margin and fee go back to the balance. */
export const cancelOrder = (api: ApiClient, id: string, idempotencyKey: string) =>
  api.call(order.cancelOrder, { params: { id }, idempotencyKey });
