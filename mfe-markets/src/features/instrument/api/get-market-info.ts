import { API_PATHS } from '@meridian/contracts';
import { marketInfo } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `getMarketInfo/{id}`: price, 24 h figures and the instrument's facts. */
export const getMarketInfo = (api: ApiClient, id: number, signal?: AbortSignal) =>
  api.get(API_PATHS.getMarketInfo(id), { result: marketInfo, ...(signal ? { signal } : {}) });
