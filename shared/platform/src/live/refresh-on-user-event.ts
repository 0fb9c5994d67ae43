import type { QueryClient } from '@tanstack/react-query';
import type { Subscription } from 'rxjs';
import { queryKeysOf } from '../query/user-event-keys.ts';
import type { LiveBus } from './live-bus.ts';

/**
 * `USER_EVENT` frames (the user's data changed elsewhere: an operator's decision, another domain's
 * work) invalidate the queries they name in the page's QueryClient: the ones on screen are read again
 * at once, the others when next shown. The bus passes on only the signed-in user's own events.
 */
export function refreshOnUserEvents(bus: LiveBus, queryClient: QueryClient): Subscription {
  return bus.userEvent$.subscribe((frame) => {
    for (const queryKey of queryKeysOf(frame.refresh, frame.userId)) void queryClient.invalidateQueries({ queryKey });
  });
}
