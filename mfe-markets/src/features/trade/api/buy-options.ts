import type { BuyOptionsBody } from '@meridian/contracts';
import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import type { ApiClient } from '@meridian/platform';

/** `buyOptions`: an up/down order on the instrument, settled at open time + period from the feed. */
export const buyOptions = (api: ApiClient, body: BuyOptionsBody, idempotencyKey: string) =>
  api.call(order.buyOptions, { body, idempotencyKey });
