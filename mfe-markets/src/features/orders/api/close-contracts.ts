import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `closeContracts/{id}`: closes a holding position at the current price; answers the realized profit and price. */
export const closeContracts = (api: ApiClient, id: string, idempotencyKey: string) =>
  api.call(order.closeContracts, { params: { id }, idempotencyKey });
