import { sharedQueryKeys } from '@meridian/platform';

/**
 * Every query key of the loans remote, from one factory. What is the signed-in user's lives under the
 * platform's shared user keys: a reviewer's decision, a day's interest or a repayment names `userLoans`
 * (or `userKyc`) in a live user event, and sign-out drops them with the rest of the user's data.
 */
const root = ['loans'] as const;

export const loanKeys = {
  products: () => [...root, 'products'] as const,
  mine: sharedQueryKeys.userLoans,
  list: (userId: string | null, page: number) => [...sharedQueryKeys.userLoans(userId), 'list', page] as const,
  detail: (userId: string | null, id: number) => [...sharedQueryKeys.userLoans(userId), 'detail', id] as const,
  kyc: sharedQueryKeys.userKyc,
};
