import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OptionsOrder } from '@meridian/contracts';
import { useAccountMode, useNow, useUser } from '@meridian/platform';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { tradingKeys } from '../../../shared/trading-keys.ts';
import { getOptionsOrderById } from '../api/get-options-order-by-id.ts';

/** How often the result is asked for once the countdown has ended and the order is still open. */
const RESULT_POLL_MS = 1_000;

/**
 * An options order from its purchase to its result: a countdown to `settleAt`, then the order read
 * with getOptionsOrderById until it is no longer open (polling only in that window), and the order
 * lists and balances refreshed once it has settled.
 */
export function useOptionsResult(bought: OptionsOrder) {
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const mode = useAccountMode();
  const { refresh } = useOrderFeedback();
  // The clock stops once the result is in.
  const [done, setDone] = useState(bought.status !== 'open');
  const now = useNow(500, !done);
  const ended = now >= bought.settleAt;
  const result = useQuery({
    queryKey: tradingKeys.optionsOrder(userId, mode, bought.id),
    queryFn: ({ signal }) => getOptionsOrderById(api, bought.id, signal),
    enabled: ended && bought.status === 'open',
    staleTime: 0,
    refetchInterval: (query) => (query.state.data === undefined || query.state.data.status === 'open' ? RESULT_POLL_MS : false),
  });
  const order = result.data ?? bought;
  const settled = order.status !== 'open';
  useEffect(() => {
    if (!settled) return;
    setDone(true);
    void refresh();
  }, [settled, refresh]);
  return { order, remainingMs: Math.max(0, order.settleAt - now), ended: ended || settled, settled, failed: result.isError };
}
