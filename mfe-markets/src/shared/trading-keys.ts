import type { QueryClient } from '@tanstack/react-query';
import type { ListOptionsOrderQuery, ListOrderQuery } from '@meridian/contracts';
import { sharedQueryKeys } from '@meridian/platform';
import type { AccountMode } from '@meridian/platform';

/**
 * Query keys of the market screens (one root, `markets`, on the page's shared QueryClient): an instrument's
 * details and candles, the market list as filtered and sorted, the signed-in user's watchlist.
 */
export const marketKeys = {
  info: (id: number | null) => ['markets', 'info', id] as const,
  candles: (code: string, interval: string) => ['markets', 'candles', code, interval] as const,
  list: (type: number | 'all', term: string, sort: string, order: string | undefined) =>
    ['markets', 'list', type, term, sort, order] as const,
  watchlist: () => ['markets', 'watchlist'] as const,
};

/**
 * Query keys of the trading screens. Orders belong to one user and one account mode (demo and real
 * never mix), so both are in the key; every order key starts with `orders(userId)` so one call
 * refreshes them all.
 */
export const tradingKeys = {
  terms: (instrumentId: number) => ['markets', 'trading-terms', instrumentId] as const,
  orders: (userId: string | null) => ['markets', 'orders', userId] as const,
  ordersOf: (userId: string | null, mode: AccountMode) => [...tradingKeys.orders(userId), mode] as const,
  contracts: (userId: string | null, mode: AccountMode, query: ListOrderQuery) =>
    [...tradingKeys.ordersOf(userId, mode), 'contracts', query] as const,
  options: (userId: string | null, mode: AccountMode, query: ListOptionsOrderQuery) =>
    [...tradingKeys.ordersOf(userId, mode), 'options', query] as const,
  optionsOrder: (userId: string | null, mode: AccountMode, id: string) =>
    [...tradingKeys.ordersOf(userId, mode), 'options-order', id] as const,
};

/**
 * After an order, a close or a settlement: the order lists and the balances are read again (the user's
 * figures are the account remote's query, named in the platform's shared keys).
 */
export async function refreshAfterMoneyMove(queryClient: QueryClient, userId: string | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tradingKeys.orders(userId) }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.userFigures(userId) }),
  ]);
}
