import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AccountFigures, BalanceUpdate, UserInfoResult } from '@meridian/contracts';
import type { AccountMode } from '@meridian/platform';
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
      const key = accountKeys.userInfo(userId, mode);
      queryClient.setQueryData<UserInfoResult>(key, (info) => (info ? applyBalanceFrame(info, frame, mode) : info));
    });
    return () => subscription.unsubscribe();
  }, [live, mode, queryClient, userId]);

  return useQuery(accountQueries.userInfo(api, userId, mode));
}

/** Puts new figures (a demo reset's answer) into the cached user info of their mode. */
export function setAccountFigures(queryClient: QueryClient, userId: string | null, account: AccountFigures): void {
  queryClient.setQueryData<UserInfoResult>(accountKeys.userInfo(userId, account.mode), (info) => (info ? { ...info, account } : info));
}

/**
 * The user info with a live `USER_BALANCE_UPDATE` applied: only a frame of the mode shown (a frame
 * without a mode is the current account's), and never one older than the figures already held, so a
 * late frame cannot put back a balance an order or a close has since changed.
 */
export function applyBalanceFrame(info: UserInfoResult, frame: BalanceUpdate, mode: AccountMode): UserInfoResult {
  if ((frame.mode && frame.mode !== mode) || info.account.mode !== mode) return info;
  if (frame.timestamp < info.account.timestamp) return info;
  const { baseBalance, floatingPnL, totalAssets, loanAmount, bondAmount, profit, timestamp } = frame;
  // Version 2 frames carry the per-currency figures and the USD estimate; a version 1 frame has none.
  const { version, currencies, estimatedTotalUsd } = frame;
  const perCurrency = currencies ? { version, currencies, estimatedTotalUsd } : {};
  return { ...info, account: { mode, baseBalance, floatingPnL, totalAssets, loanAmount, bondAmount, profit, timestamp, ...perCurrency } };
}
