import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AccountFigures, UserInfoResult } from '@meridian/contracts';
import { useAccountMode, useUser } from '@meridian/platform';
import { accountKeys, accountQueries } from '../api/account-queries.ts';
import { usePlatform } from './platform-context.tsx';

/**
 * The user and the figures of the current mode: loaded from getUserInfo (the `virtually` header picks
 * the mode), loaded again when the mode changes (the mode is part of the key), and kept live by
 * `USER_BALANCE_UPDATE` frames of that mode written into the cache.
 */
export function useAccount() {
  const { api, live } = usePlatform();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  const queryClient = useQueryClient();

  useEffect(() => {
    const subscription = live.balance$.subscribe((frame) => {
      if (frame.mode && frame.mode !== mode) return;
      const { type: _type, userId: _userId, ...figures } = frame;
      setAccountFigures(queryClient, userId, { ...figures, mode });
    });
    return () => subscription.unsubscribe();
  }, [live, mode, queryClient, userId]);

  return useQuery(accountQueries.userInfo(api, userId, mode));
}

/** Puts new figures (a live frame, a demo reset's answer) into the cached user info of their mode. */
export function setAccountFigures(queryClient: QueryClient, userId: string | null, account: AccountFigures): void {
  queryClient.setQueryData<UserInfoResult>(accountKeys.userInfo(userId, account.mode), (info) => (info ? { ...info, account } : info));
}
