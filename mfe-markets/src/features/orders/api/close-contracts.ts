import { API_PATHS } from '@meridian/contracts';
import { closeContractsResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `closeContracts/{id}`: closes a holding position at the current price; answers the realized profit and price. */
export const closeContracts = (api: ApiClient, id: string, idempotencyKey: string) =>
  api.post(API_PATHS.closeContracts(id), { result: closeContractsResult, idempotencyKey });
