import type { AccountMode } from '../session/session-store.ts';

/**
 * Query keys that more than one part of the page reads or refreshes (the page shares one QueryClient).
 * A remote that refreshes another's data names it here, never by copying the other's key: the account
 * remote owns the user's figures, and the markets remote refreshes them after an order.
 */
export const sharedQueryKeys = {
  /** Everything of every user kept by the account remote (dropped at sign-out). */
  everyUser: () => ['account', 'user'] as const,
  /** Everything of one signed-in user kept by the account remote. */
  user: (userId: string | null) => [...sharedQueryKeys.everyUser(), userId] as const,
  /** The user's info and figures, all account modes: invalidate this after a balance moved. */
  userFigures: (userId: string | null) => [...sharedQueryKeys.user(userId), 'info'] as const,
  /** The user's info and figures in one account mode. */
  userFiguresOf: (userId: string | null, mode: AccountMode) => [...sharedQueryKeys.userFigures(userId), mode] as const,
  /** The user's notifications (an operator's decision adds one). */
  userNotifications: (userId: string | null) => [...sharedQueryKeys.user(userId), 'notifications'] as const,
  /** The user's deposits and withdrawals (an operator's decision changes them). */
  userFunding: (userId: string | null) => [...sharedQueryKeys.user(userId), 'funding'] as const,
  /** The user's loans (the loans remote reads them; a decision, the daily interest and a repayment change them). */
  userLoans: (userId: string | null) => [...sharedQueryKeys.user(userId), 'loans'] as const,
  /** The user's identity verification (the account remote shows it; the loans remote checks it). */
  userKyc: (userId: string | null) => [...sharedQueryKeys.user(userId), 'kyc'] as const,
  /** The signed-in user's smart plans (a day's income, an early exit, a plan's end: `userPlans` in a user event). */
  userPlans: (userId: string | null) => [...sharedQueryKeys.user(userId), 'plans'] as const,
  /** The signed-in user's NFT bids and NFTs (an outbid, a won or lost auction: `userNfts` in a user event). */
  userNfts: (userId: string | null) => [...sharedQueryKeys.user(userId), 'nfts'] as const,
};
