import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UpdateUsdtAuthBody, WalletChain, WithdrawalBody } from '@meridian/contracts';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import { withdrawalEndpoints as withdrawals } from '@meridian/contracts/endpoints/withdrawals';
import type { ApiClient } from '@meridian/platform';
import { accountKeys } from '../../../api/account-queries.ts';

/** The withdrawal calls of SPEC §6 (user group) and the wallet links this remote makes. */
export const withdrawalsApi = {
  authorizationNonce: (api: ApiClient, chain: WalletChain) => api.call(withdrawals.authorizationNonce, { body: { chain } }),
  updateUsdtAuth: (api: ApiClient, body: UpdateUsdtAuthBody) => api.call(withdrawals.updateUsdtAuth, { body }),
  sendCode: (api: ApiClient) => api.call(withdrawals.sendWithdrawalCode, { body: undefined }),
  withdraw: (api: ApiClient, body: WithdrawalBody, idempotencyKey: string) => api.call(withdrawals.withdrawal, { body, idempotencyKey }),
  cancelLink: (api: ApiClient, token: string) => api.call(withdrawals.cancelWalletLink, { body: { token } }),
};

export const withdrawalQueries = {
  /** The linked addresses and their authorizations; a link or a revoke elsewhere refreshes them live (`userFunding`). */
  links: (api: ApiClient, userId: string | null) =>
    queryOptions({
      queryKey: [...accountKeys.funding(userId), 'wallet-links'] as const,
      queryFn: ({ signal }) => api.call(withdrawals.withdrawalAuth, { signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
  /** One page of the user's withdrawals; an operator's decision or payout refreshes them live. */
  withdrawals: (api: ApiClient, userId: string | null, page: number) =>
    queryOptions({
      queryKey: [...accountKeys.funding(userId), 'withdrawals', page] as const,
      queryFn: ({ signal }) => api.call(withdrawals.listWithdrwal, { query: { page }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  /** The withdrawal fee in percent (an operator setting, the same for everyone). */
  feePercent: (api: ApiClient) =>
    queryOptions({
      queryKey: ['account', 'param', 'withdrawal_fee_percent'] as const,
      queryFn: async ({ signal }) => (await api.call(content.getParamByKey, { params: { key: 'withdrawal_fee_percent' }, signal })).value,
      staleTime: 60_000,
    }),
};
