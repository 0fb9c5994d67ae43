import { API_PATHS } from '@meridian/contracts';
import type { BuyContractsBody } from '@meridian/contracts';
import { contractOrder } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `buyContracts`: opens a position at the current price (margin and fee taken from the free balance). */
export const buyContracts = (api: ApiClient, body: BuyContractsBody, idempotencyKey: string) =>
  api.post(API_PATHS.buyContracts, { body, result: contractOrder, idempotencyKey });
