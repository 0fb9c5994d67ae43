import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketEndpoints as market } from '@meridian/contracts/endpoints/market';
import { useIsLoggedIn } from '@meridian/platform';
import { usePlatform } from './platform-context.tsx';
import { marketKeys } from './trading-keys.ts';

/** The signed-in user's watchlist, and a toggle that updates it on the server. */
export function useWatchlist() {
  const { api, toast, i18n } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: marketKeys.watchlist(),
    queryFn: ({ signal }) => api.call(market.listWatchlist, { signal }),
    enabled: loggedIn,
  });
  const toggle = useMutation({
    mutationFn: ({ id, watched }: { id: number; watched: boolean }) =>
      watched ? api.call(market.removeWatchlist, { body: { id } }) : api.call(market.addWatchlist, { body: { id } }),
    onSuccess: (data) => client.setQueryData(marketKeys.watchlist(), data),
    onError: (error: { messageKey?: string }) => toast(i18n.t(`common:${error.messageKey ?? 'errors.unknown'}`), 'error'),
  });
  const ids = loggedIn ? (query.data?.ids ?? []) : [];
  return { loggedIn, ids, ready: !loggedIn || query.isSuccess, toggle: (id: number) => toggle.mutate({ id, watched: ids.includes(id) }) };
}
