import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { USER_EVENT_VERSION } from '@meridian/contracts';
import { serverFrame } from '@meridian/contracts/schemas';
import { sharedQueryKeys } from '../query/shared-keys.ts';
import { queryKeysOf } from '../query/user-event-keys.ts';
import { applyFrame, createLiveBus } from './live-bus.ts';
import { LiveConnection } from './live-connection.ts';
import type { SocketLike } from './live-connection.ts';
import { refreshOnUserEvents } from './refresh-on-user-event.ts';

const parse = (raw: unknown) => {
  const parsed = serverFrame.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

/** A QueryClient holding the user's figures of both modes, their notifications and another user's figures, all fresh. */
async function cachedQueries() {
  const client = new QueryClient();
  const keys = {
    demo: sharedQueryKeys.userFiguresOf('u1', 'demo'),
    real: sharedQueryKeys.userFiguresOf('u1', 'real'),
    notifications: sharedQueryKeys.userNotifications('u1'),
    sessions: [...sharedQueryKeys.user('u1'), 'sessions'],
    other: sharedQueryKeys.userFiguresOf('u2', 'real'),
  };
  for (const queryKey of Object.values(keys)) await client.fetchQuery({ queryKey, queryFn: () => 1, staleTime: Infinity });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, invalidated };
}

const event = (userId: string, refresh: unknown[]) => ({ type: 'USER_EVENT', version: USER_EVENT_VERSION, userId, refresh });

describe('USER_EVENT frames', () => {
  it('map the named key factories to the user’s query keys, skipping keys this page does not know', () => {
    expect(
      queryKeysOf(
        [
          { key: 'userFigures', mode: 'real' },
          { key: 'userFigures' },
          { key: 'userNotifications' },
          { key: 'auctionBids' },
          { key: 'user' },
        ],
        'u1',
      ),
    ).toEqual([
      sharedQueryKeys.userFiguresOf('u1', 'real'),
      sharedQueryKeys.userFigures('u1'),
      sharedQueryKeys.userNotifications('u1'),
      sharedQueryKeys.user('u1'),
    ]);
  });

  it('invalidate exactly the named queries of the signed-in user; another user’s event changes nothing', async () => {
    const { client, invalidated } = await cachedQueries();
    const bus = createLiveBus();
    refreshOnUserEvents(bus, client);
    const other = parse(event('u2', [{ key: 'user' }]));
    applyFrame(bus, other!, 'u1');
    expect(invalidated()).toEqual([]);
    applyFrame(bus, parse(event('u1', [{ key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }]))!, 'u1');
    expect(invalidated()).toEqual(['real', 'notifications']);
    applyFrame(bus, parse(event('u1', [{ key: 'user' }]))!, null);
    expect(invalidated()).toEqual(['real', 'notifications']);
  });

  it('are refreshed by the live connection in the QueryClient it is given, while it runs', async () => {
    const { client, invalidated } = await cachedQueries();
    const bus = createLiveBus();
    let socket: SocketLike | null = null;
    const connection = new LiveConnection({
      url: 'ws://x/ws',
      bus,
      getToken: () => 'tok',
      getUserId: () => 'u1',
      queryClient: client,
      parseFrame: parse,
      createSocket: () => {
        socket = {
          readyState: 1,
          send: () => undefined,
          close: () => undefined,
          onopen: null,
          onclose: null,
          onmessage: null,
          onerror: null,
        };
        return socket;
      },
    });
    connection.start();
    const receive = (frame: unknown) => socket!.onmessage?.({ data: JSON.stringify(frame) });
    receive(event('u1', [{ key: 'userFigures' }]));
    expect(invalidated()).toEqual(['demo', 'real']);
    connection.stop();
    receive(event('u1', [{ key: 'user' }]));
    expect(invalidated()).toEqual(['demo', 'real']);
  });

  it('are checked by the contract: an empty or oversized list, or a frame without its user, is not a frame', () => {
    expect(parse(event('u1', []))).toBeNull();
    const tooMany = Array.from({ length: 17 }, () => ({ key: 'user' }));
    expect(parse(event('u1', tooMany))).toBeNull();
    expect(parse({ type: 'USER_EVENT', version: 1, refresh: [{ key: 'user' }] })).toBeNull();
  });
});
