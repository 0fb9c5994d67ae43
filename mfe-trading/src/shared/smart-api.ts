import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BuySmartBody } from '@meridian/contracts';
import { smartEndpoints as smart } from '@meridian/contracts/endpoints/smart';
import type { ApiClient } from '@meridian/platform';
import { smartKeys } from './query-keys.ts';
import type { PlanFilter } from './query-keys.ts';

/** The smart plan calls (issue 27) this remote makes. */
export const smartApi = {
  buy: (api: ApiClient, body: BuySmartBody, idempotencyKey: string) => api.call(smart.buySmart, { body, idempotencyKey }),
  earlyExit: (api: ApiClient, id: number, receive: string, idempotencyKey: string) =>
    api.call(smart.earlyExitSmart, { params: { id }, body: { receive }, idempotencyKey }),
  previewExit: (api: ApiClient, id: number, signal?: AbortSignal) => api.call(smart.previewEarlyExit, { params: { id }, signal }),
};

export const smartQueries = {
  /** The products and their terms (operators change them; a minute is fresh enough, the API checks the terms sent). */
  products: (api: ApiClient) =>
    queryOptions({
      queryKey: smartKeys.products(),
      queryFn: ({ signal }) => api.call(smart.listSmartProducts, { signal }),
      staleTime: 60_000,
    }),
  list: (api: ApiClient, userId: string | null, filter: PlanFilter, page: number) =>
    queryOptions({
      queryKey: smartKeys.list(userId, filter, page),
      queryFn: ({ signal }) => api.call(smart.listSmartOrder, { query: { page, ...(filter === 'all' ? {} : { status: filter }) }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, userId: string | null, id: number) =>
    queryOptions({
      queryKey: smartKeys.detail(userId, id),
      queryFn: ({ signal }) => api.call(smart.getSmartOrder, { params: { id }, signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
  /** What leaving a plan now would cost and return; read again when a day's income is credited (`userPlans`). */
  exitPreview: (api: ApiClient, userId: string | null, id: number) =>
    queryOptions({
      queryKey: smartKeys.exitPreview(userId, id),
      queryFn: ({ signal }) => smartApi.previewExit(api, id, signal),
      enabled: userId !== null,
      staleTime: 0,
    }),
};
