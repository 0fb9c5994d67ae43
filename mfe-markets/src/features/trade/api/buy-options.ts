import { API_PATHS } from '@meridian/contracts';
import type { BuyOptionsBody } from '@meridian/contracts';
import { optionsOrder } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `buyOptions`: an up/down order on the instrument, settled at open time + period from the feed. */
export const buyOptions = (api: ApiClient, body: BuyOptionsBody, idempotencyKey: string) =>
  api.post(API_PATHS.buyOptions, { body, result: optionsOrder, idempotencyKey });
