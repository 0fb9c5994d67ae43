import { queryOptions } from '@tanstack/react-query';
import { queryClient, sessionStore, sharedQueryKeys, unreadCountAtom } from '@meridian/platform';
import type { AccountMode, ApiClient } from '@meridian/platform';
import { accountApi } from './account-api.ts';

/**
 * Query keys of this remote. The page shares one QueryClient with the shell and every remote, so each key
 * starts with `account`; what belongs to the signed-in user is keyed by the user, so a new sign-in on the
 * same page never sees the previous one's data.
 */
export const accountKeys = {
  // Other remotes and the live user events refresh the user's figures and notifications: those keys are
  // the platform's shared ones.
  user: sharedQueryKeys.user,
  userInfo: sharedQueryKeys.userFiguresOf,
  sessions: (userId: string | null) => [...accountKeys.user(userId), 'sessions'] as const,
  notifications: sharedQueryKeys.userNotifications,
  funding: sharedQueryKeys.userFunding,
  /** The identity verification (the loans remote reads it under the same shared key). */
  kyc: sharedQueryKeys.userKyc,
  deposits: (userId: string | null, page: number) => [...accountKeys.funding(userId), 'deposits', page] as const,
  depositAddresses: () => ['account', 'deposit-addresses'] as const,
  invites: (userId: string | null) => [...accountKeys.user(userId), 'invites'] as const,
  /** Under the user's figures: a balance that moved refreshes the statement too. */
  statement: (userId: string | null, mode: AccountMode, currency: string, page: number) =>
    [...sharedQueryKeys.userFiguresOf(userId, mode), 'statement', currency, page] as const,
  /** Under the user's figures: a balance that moved (an order closed, settled) refreshes the order records too. */
  records: (userId: string | null, mode: AccountMode, list: 'contracts' | 'options', status: string, page: number) =>
    [...sharedQueryKeys.userFiguresOf(userId, mode), 'records', list, status, page] as const,
  socialProviders: () => ['account', 'social-providers'] as const,
  emailAvailability: (email: string | null) => ['account', 'email-availability', email] as const,
};

// The user's own lists and figures change elsewhere (other devices, trades, new notifications): each
// screen asks again when it opens, showing what it already has meanwhile.
const ownData = (userId: string | null) => ({ enabled: userId !== null, staleTime: 0 });

export const accountQueries = {
  /** The user and the figures of `mode` (the `virtually` header the client sends follows the same mode). */
  userInfo: (api: ApiClient, userId: string | null, mode: AccountMode) =>
    queryOptions({
      queryKey: accountKeys.userInfo(userId, mode),
      queryFn: ({ signal }) => accountApi.userInfo(api, signal),
      ...ownData(userId),
    }),
  sessions: (api: ApiClient, userId: string | null) =>
    queryOptions({
      queryKey: accountKeys.sessions(userId),
      queryFn: ({ signal }) => accountApi.listSessions(api, signal),
      ...ownData(userId),
    }),
  /** The notifications; each answer also sets the bell's unread count. */
  notifications: (api: ApiClient, userId: string | null) =>
    queryOptions({
      queryKey: accountKeys.notifications(userId),
      queryFn: async ({ signal }) => {
        const data = await accountApi.listNotifications(api, signal);
        sessionStore.set(unreadCountAtom, data.unread);
        return data;
      },
      ...ownData(userId),
    }),
  socialProviders: (api: ApiClient) =>
    queryOptions({ queryKey: accountKeys.socialProviders(), queryFn: ({ signal }) => accountApi.socialProviders(api, signal) }),
  /** Whether a (valid, normalised) email is free; nothing runs while it is null. */
  emailAvailability: (api: ApiClient, email: string | null) =>
    queryOptions({
      queryKey: accountKeys.emailAvailability(email),
      queryFn: ({ signal }) => accountApi.checkEmail(api, email ?? '', signal),
      enabled: email !== null,
      retry: false,
    }),
};

/** Drops the signed-out user's cached data from the page's QueryClient. */
export function forgetUserData(): void {
  queryClient.removeQueries({ queryKey: sharedQueryKeys.everyUser() });
}
