import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RechargeBody } from '@meridian/contracts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import type { ApiClient } from '@meridian/platform';
import { accountKeys } from '../../../api/account-queries.ts';

/** The funding calls of SPEC §6 (user group) this remote makes. */
export const fundingApi = {
  submitDeposit: (api: ApiClient, body: RechargeBody, idempotencyKey: string) => api.call(funding.recharge, { body, idempotencyKey }),
};

export const fundingQueries = {
  /** The platform's deposit addresses: they change only when an operator sets new ones. */
  addresses: (api: ApiClient) =>
    queryOptions({
      queryKey: accountKeys.depositAddresses(),
      queryFn: ({ signal }) => api.call(funding.depositAddresses, { signal }),
      staleTime: 60_000,
    }),
  /** One page of the user's deposits; an operator's decision refreshes them live (`userFunding`). */
  deposits: (api: ApiClient, userId: string | null, page: number) =>
    queryOptions({
      queryKey: accountKeys.deposits(userId, page),
      queryFn: ({ signal }) => api.call(funding.listRecharge, { query: { page }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};
