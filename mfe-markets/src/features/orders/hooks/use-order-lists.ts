import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { ContractStatus, ListOptionsOrderQuery, ListOptionsOrderResult, ListOrderQuery, ListOrderResult } from '@meridian/contracts';
import { useAccountMode, useUser } from '@meridian/platform';
import type { AccountMode, ApiClient } from '@meridian/platform';
import type { TablePaging } from '@meridian/ui/data-table';
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

/** The orders lists show this many rows a page. */
const PAGE_SIZE = 20;

/**
 * One page of one of the user's order lists (of the current account mode) and the kit's paging over it.
 * A page emptied by closes, fills or settlements steps back to the last page that has rows.
 */
function useOrderPage<Q, R extends { total: number }>({
  queryOf,
  keyOf,
  read,
  refetchInterval,
}: {
  queryOf: (page: number, pageSize: number) => Q;
  keyOf: (userId: string | null, mode: AccountMode, query: Q) => QueryKey;
  read: (api: ApiClient, query: Q, signal: AbortSignal) => Promise<R>;
  refetchInterval: (data: R | undefined) => number | false;
}) {
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  const [page, setPage] = useState(1);
  const query = queryOf(page, PAGE_SIZE);
  const list = useQuery({
    queryKey: keyOf(userId, mode, query),
    queryFn: ({ signal }) => read(api, query, signal),
    enabled: userId !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => refetchInterval(q.state.data),
  });
  const total = list.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  useEffect(() => {
    if (total !== undefined && page > lastPage) setPage(lastPage);
  }, [total, page, lastPage]);
  const paging: TablePaging = { page, pageSize: PAGE_SIZE, total: total ?? 0, onPage: setPage };
  return { list, paging };
}

/** One page of the user's contract orders of the current account mode. */
export function useContractOrders(status: ContractStatus, instrumentId: number | undefined) {
  return useOrderPage<ListOrderQuery, ListOrderResult>({
    queryOf: (page, pageSize) => ({ status, instrumentId, page, pageSize }),
    keyOf: tradingKeys.contracts,
    read: listOrder,
    // Pending orders also change without the user (filled by the feed, expired): the same slow re-read.
    refetchInterval: () => (status === 'holding' || status === 'pending' ? HOLDING_REFRESH_MS : false),
  });
}

/** One page of the user's options orders; the open list is read again when its next order is due. */
export function useOptionsOrders(status: ListOptionsOrderQuery['status'], instrumentId: number | undefined) {
  return useOrderPage<ListOptionsOrderQuery, ListOptionsOrderResult>({
    queryOf: (page, pageSize) => ({ status, instrumentId, page, pageSize }),
    keyOf: tradingKeys.options,
    read: listOptionsOrder,
    refetchInterval: (data) => (status === 'open' && data ? nextSettleRefetch(data.items, Date.now()) : false),
  });
}
