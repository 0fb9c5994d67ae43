import { API_PATHS } from '@meridian/contracts';
import { optionsOrder } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

/** `getOptionsOrderById/{id}`: one options order, with its settle tick and profit once settled. */
export const getOptionsOrderById = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.get(API_PATHS.getOptionsOrderById(id), { result: optionsOrder, ...(signal ? { signal } : {}) });
