import { API_PATHS } from '@meridian/contracts';
import { contractOrder } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `cancelOrder/{id}`: cancels a pending limit order; its held margin and fee go back to the balance. */
export const cancelOrder = (api: ApiClient, id: string, idempotencyKey: string) =>
  api.post(API_PATHS.cancelOrder(id), { result: contractOrder, idempotencyKey });
