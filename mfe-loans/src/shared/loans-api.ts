import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LoanBody } from '@meridian/contracts';
import { kycEndpoints } from '@meridian/contracts/endpoints/kyc';
import { loanEndpoints as loans } from '@meridian/contracts/endpoints/loans';
import type { ApiClient } from '@meridian/platform';
import { loanKeys } from './query-keys.ts';

/** The loan calls (issue 26) this remote makes. */
export const loansApi = {
  apply: (api: ApiClient, body: LoanBody, idempotencyKey: string) => api.call(loans.loan, { body, idempotencyKey }),
  repay: (api: ApiClient, id: number, amount: string, idempotencyKey: string) =>
    api.call(loans.repayLoan, { params: { id }, body: { amount }, idempotencyKey }),
  agreement: (api: ApiClient, id: number) => api.download(loans.loanAgreement, undefined, undefined, { id }),
};

export const loanQueries = {
  /** The products and the interest-free days in force (operators change them; a minute is fresh enough). */
  products: (api: ApiClient) =>
    queryOptions({
      queryKey: loanKeys.products(),
      queryFn: ({ signal }) => api.call(loans.listLoanProducts, { signal }),
      staleTime: 60_000,
    }),
  /** The user's identity verification: loans need it verified. */
  kyc: (api: ApiClient, userId: string | null) =>
    queryOptions({
      queryKey: loanKeys.kyc(userId),
      queryFn: ({ signal }) => api.call(kycEndpoints.getIdentification, { signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
  list: (api: ApiClient, userId: string | null, page: number) =>
    queryOptions({
      queryKey: loanKeys.list(userId, page),
      queryFn: ({ signal }) => api.call(loans.listLoans, { query: { page }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, userId: string | null, id: number) =>
    queryOptions({
      queryKey: loanKeys.detail(userId, id),
      queryFn: ({ signal }) => api.call(loans.getLoan, { params: { id }, signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
};
