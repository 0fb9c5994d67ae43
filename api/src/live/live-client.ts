import type { WebSocket } from 'ws';
import type { LiveClient } from './topic-provider.ts';

/** One connection's whole state, as the live server keeps it (providers see only `LiveClient`). */
export interface Client extends LiveClient {
  userId: string | null;
  /** When this connection's last SUBSCRIBE frames were taken (an allowance per connection). */
  subscribes: number[];
  /** The newest SUBSCRIBE past the allowance: applied as soon as the allowance allows, never dropped. */
  deferred: { topics: readonly string[]; timer: ReturnType<typeof setTimeout> } | null;
  /** The client's address (as the rest of the API sees it: `request.ip`). */
  readonly address: string;
  /** The session the identity comes from, and the timer that drops the identity when the token expires. */
  sessionId: string | null;
  expiry: ReturnType<typeof setTimeout> | null;
  /** The number of the newest USER_AUTH: only its answer counts (checks may finish out of order). */
  authSeq: number;
  /** When this connection's last USER_AUTH frames came (an allowance per connection). */
  auths: number[];
  gone: boolean;
}

export function newClient(socket: WebSocket, address: string): Client {
  return {
    socket,
    userId: null,
    subscribes: [],
    deferred: null,
    address,
    sessionId: null,
    expiry: null,
    authSeq: 0,
    auths: [],
    gone: false,
  };
}
