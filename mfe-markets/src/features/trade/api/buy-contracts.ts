import type { BuyContractsBody } from '@meridian/contracts';
import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `buyContracts`: opens a position at the current price (margin and fee taken from the free balance). */
export const buyContracts = (api: ApiClient, body: BuyContractsBody, idempotencyKey: string) =>
  api.call(order.buyContracts, { body, idempotencyKey });
