import type { QueryClient } from '@tanstack/react-query';
import type { Subscription } from 'rxjs';
import { sharedQueryKeys } from '../query/shared-keys.ts';
import type { LiveBus } from './live-bus.ts';

/**
 * Balance frames are pushed, never replayed: a change made while the live connection was down reached
 * nobody. So when the connection is authenticated again after a close, the signed-in user's figures
 * (and the rest of their account data) are read afresh over HTTP. The first authentication of a page
 * reads nothing extra: the queries are fresh then.
 */
export function rereadOwnDataOnReconnect(bus: LiveBus, queryClient: QueryClient, getUserId: () => string | null): Subscription {
  let wasClosed = false;
  return bus.connection$.subscribe((state) => {
    if (state === 'closed') wasClosed = true;
    else if (state === 'authenticated' && wasClosed) {
      wasClosed = false;
      const userId = getUserId();
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.user(userId) });
    }
  });
}
