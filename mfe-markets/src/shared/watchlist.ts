import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@meridian/contracts';
import { watchlistResult } from '@meridian/contracts/schemas';
import { useIsLoggedIn } from '@meridian/platform';
import { usePlatform } from './platform-context.tsx';

const KEY = ['markets', 'watchlist'] as const;

/** The signed-in user's watchlist, and a toggle that updates it on the server. */
export function useWatchlist() {
  const { api, toast, i18n } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get(API_PATHS.listWatchlist, { result: watchlistResult, signal }),
    enabled: loggedIn,
  });
  const toggle = useMutation({
    mutationFn: ({ id, watched }: { id: number; watched: boolean }) =>
      api.post(watched ? API_PATHS.removeWatchlist : API_PATHS.addWatchlist, { body: { id }, result: watchlistResult }),
    onSuccess: (data) => client.setQueryData(KEY, data),
    onError: (error: { messageKey?: string }) => toast(i18n.t(`common:${error.messageKey ?? 'errors.unknown'}`), 'error'),
  });
  const ids = loggedIn ? (query.data?.ids ?? []) : [];
  return { loggedIn, ids, ready: !loggedIn || query.isSuccess, toggle: (id: number) => toggle.mutate({ id, watched: ids.includes(id) }) };
}
