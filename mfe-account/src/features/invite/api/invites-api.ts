import { queryOptions } from '@tanstack/react-query';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import type { ApiClient } from '@meridian/platform';
import { accountKeys } from '../../../api/account-queries.ts';

/** The user's invited friends and rewards; a friend's approved first deposit refreshes it live (the `user` key). */
export const invitesQuery = (api: ApiClient, userId: string | null) =>
  queryOptions({
    queryKey: accountKeys.invites(userId),
    queryFn: ({ signal }) => api.call(funding.listInvites, { signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
