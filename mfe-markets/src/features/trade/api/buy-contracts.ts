import type { BuyContractsBody } from '@meridian/contracts';
import { orderEndpoints as order } from '@meridian/contracts/endpoints/order';
import type { ApiClient } from '@meridian/platform';

/** `buyContracts`: opens a position at the current price (margin and fee taken from the free balance). */
export const buyContracts = (api: ApiClient, body: BuyContractsBody, idempotencyKey: string) =>
  api.call(order.buyContracts, { body, idempotencyKey });
