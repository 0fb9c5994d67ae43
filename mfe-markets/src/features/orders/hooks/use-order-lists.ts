import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractStatus, ListOptionsOrderQuery, ListOrderQuery } from '@meridian/contracts';
import { useAccountMode, useUser } from '@meridian/platform';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { tradingKeys } from '../../../shared/trading-keys.ts';
import { listOptionsOrder } from '../api/list-options-order.ts';
import { listOrder } from '../api/list-order.ts';
import { nextSettleRefetch } from '../state/merge-pnl.ts';

/**
 * Holding positions change without the user (SL/TP/liquidation, settlement): the server then pushes the
 * account's new figures, and the lists are read again on that (`useRefreshOnBalance`); this slow
 * re-read only covers frames missed while the connection was down.
 */
const HOLDING_REFRESH_MS = 30_000;

/** Reads the order lists again whenever the server pushes a balance change of this account mode. */
export function useRefreshOnBalance(): void {
  const { live } = usePlatform();
  const queryClient = useQueryClient();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  useEffect(() => {
    if (userId === null) return;
    const subscription = live.balance$.subscribe((frame) => {
      if (frame.mode !== undefined && frame.mode !== mode) return;
      void queryClient.invalidateQueries({ queryKey: tradingKeys.ordersOf(userId, mode) });
    });
    return () => subscription.unsubscribe();
  }, [live, queryClient, userId, mode]);
}

/** One page of the user's contract orders of the current account mode. */
export function useContractOrders(status: ContractStatus, instrumentId: number | undefined, page: number, pageSize: number) {
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  const query: ListOrderQuery = { status, instrumentId, page, pageSize };
  return useQuery({
    queryKey: tradingKeys.contracts(userId, mode, query),
    queryFn: ({ signal }) => listOrder(api, query, signal),
    enabled: userId !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    // Pending orders also change without the user (filled by the feed, expired): the same slow re-read.
    refetchInterval: status === 'holding' || status === 'pending' ? HOLDING_REFRESH_MS : false,
  });
}

/** One page of the user's options orders; the open list is read again when its next order is due. */
export function useOptionsOrders(
  status: ListOptionsOrderQuery['status'],
  instrumentId: number | undefined,
  page: number,
  pageSize: number,
) {
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  const query: ListOptionsOrderQuery = { status, instrumentId, page, pageSize };
  return useQuery({
    queryKey: tradingKeys.options(userId, mode, query),
    queryFn: ({ signal }) => listOptionsOrder(api, query, signal),
    enabled: userId !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (status === 'open' && q.state.data ? nextSettleRefetch(q.state.data.items, Date.now()) : false),
  });
}
