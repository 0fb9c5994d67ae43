import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ServerFrame } from '@meridian/contracts';
import type { EncodedFrame } from './topic-provider.ts';
import type { Client } from './live-client.ts';
import { parseMessage } from './fabric-message.ts';
import type { LiveFabric } from './live-fabric.ts';

/** Who a token is: its user, the session it belongs to and when it expires (ms since the epoch). */
export interface LiveIdentity {
  userId: string;
  sessionId?: string;
  expiresAt?: number;
}

/** A page authenticates at start and at each token renewal: more USER_AUTH frames than this in 10 s close the socket. */
export const AUTH_ALLOWANCE = { count: 10, windowMs: 10_000 };
const SESSION_ENDED_CHANNEL = 'session-ended';
const sessionEndedMessage = z.object({ sessionIds: z.array(z.string()) });
/** setTimeout's longest wait; a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface IdentityOptions {
  /** Resolves a token to who it is; null refuses it. */
  verifyToken: (token: string) => Promise<LiveIdentity | null>;
  /** Of these sessions, the ones that ended (however): checked every `sessionCheckMs` while sockets use them. */
  endedSessions?: (sessionIds: readonly string[]) => Promise<string[]>;
  sessionCheckMs?: number;
  /** Sessions this node ends (logout): told to every node through the fabric, so their sockets stop at once. */
  onSessionsEnded?: (listener: (sessionIds: string[]) => void) => () => void;
}

/** What the identities need from the live server. */
interface IdentityHost {
  readonly clients: ReadonlySet<Client>;
  readonly fabric: LiveFabric;
  readonly log: FastifyBaseLogger;
  send(client: Client, frame: ServerFrame | EncodedFrame): void;
  /** Closes a connection for good (a flood of USER_AUTH). */
  close(client: Client, code: number, reason: string): void;
}

/**
 * The connections' identities (SPEC §0 rule 7): `USER_AUTH` is answered with `AUTH_SUCCESS` or
 * `AUTH_FAILED`, the newest frame's answer being the one that counts; per-user frames go to a user's
 * authenticated connections only, while the token's session lasts (an ended session or an expired token
 * is sent `AUTH_FAILED`, then nothing).
 */
export class LiveIdentities {
  /** The authenticated connections of each user: per-user frames go to these only. */
  private readonly byUser = new Map<string, Set<Client>>();
  private checking = false;

  constructor(
    private readonly host: IdentityHost,
    private readonly options: IdentityOptions,
  ) {}

  /** The user's authenticated connections on this node. */
  connectionsOf(userId: string): readonly Client[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** USER_AUTH: the newest frame's answer is the one that counts; a flood of them closes the socket. */
  authenticate(client: Client, token: string): void {
    const now = Date.now();
    client.auths = client.auths.filter((at) => at > now - AUTH_ALLOWANCE.windowMs);
    if (client.auths.length >= AUTH_ALLOWANCE.count) return this.host.close(client, 1008, 'too many USER_AUTH');
    client.auths.push(now);
    const seq = ++client.authSeq;
    void this.options
      .verifyToken(token)
      .catch((error: unknown) => {
        this.host.log.warn({ err: error }, 'live: a token could not be checked');
        return null;
      })
      .then((identity) => {
        if (seq !== client.authSeq || client.gone) return;
        if (identity) {
          this.identify(client, identity);
          this.host.send(client, { type: 'AUTH_SUCCESS', message: 'authenticated' });
        } else {
          // A refused token also drops any earlier identity: no user data follows an error frame.
          this.forget(client);
          this.host.send(client, { type: 'AUTH_FAILED', message: 'invalid token' });
        }
      });
  }

  /** Drops the connection's identity (and its expiry timer). */
  forget(client: Client): void {
    if (client.expiry) clearTimeout(client.expiry);
    client.expiry = null;
    if (client.userId) {
      const mine = this.byUser.get(client.userId);
      mine?.delete(client);
      if (mine?.size === 0) this.byUser.delete(client.userId);
    }
    client.userId = null;
    client.sessionId = null;
  }

  private identify(client: Client, identity: LiveIdentity): void {
    this.forget(client);
    client.userId = identity.userId;
    client.sessionId = identity.sessionId ?? null;
    let mine = this.byUser.get(identity.userId);
    if (!mine) this.byUser.set(identity.userId, (mine = new Set()));
    mine.add(client);
    if (identity.expiresAt !== undefined) this.watchExpiry(client, identity.expiresAt);
  }

  /** An access token's own end: its socket stops getting user frames then, unless it authenticated again. */
  private watchExpiry(client: Client, expiresAt: number): void {
    client.expiry = setTimeout(
      () => {
        client.expiry = null;
        if (expiresAt > Date.now()) return this.watchExpiry(client, expiresAt);
        this.signOut(client, 'token expired');
      },
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
  }

  /** The identity is gone: no user frame follows the AUTH_FAILED (a newer USER_AUTH may still succeed). */
  private signOut(client: Client, message: string): void {
    if (!client.userId) return;
    this.forget(client);
    this.host.send(client, { type: 'AUTH_FAILED', message });
  }

  /** Ended sessions: this node's sockets of them stop getting user frames at once. */
  private endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const client of this.host.clients) if (client.sessionId && ended.has(client.sessionId)) this.signOut(client, 'session ended');
  }

  /**
   * Follows ended sessions on every node: those this node ends are told through the fabric, and however
   * a session ended (some ends are not told, or happened on a node that failed to tell), the connected
   * ones are checked every second or so: one query per node, not per socket. Returns the stop.
   */
  async start(): Promise<() => void> {
    const { fabric, log } = this.host;
    await fabric.subscribe(SESSION_ENDED_CHANNEL, (payload) => {
      const message = parseMessage(sessionEndedMessage, payload);
      if (message) this.endSessions(message.sessionIds);
    });
    const stopSessionEvents = this.options.onSessionsEnded?.((sessionIds) => {
      fabric.publish(SESSION_ENDED_CHANNEL, JSON.stringify({ sessionIds })).catch((error: unknown) => {
        log.error({ err: error }, 'live: an ended session could not be published');
        this.endSessions(sessionIds);
      });
    });
    const sessionTimer = this.options.endedSessions ? setInterval(() => this.checkSessions(), this.options.sessionCheckMs ?? 1000) : null;
    sessionTimer?.unref();
    return () => {
      stopSessionEvents?.();
      if (sessionTimer) clearInterval(sessionTimer);
    };
  }

  private checkSessions(): void {
    const { endedSessions } = this.options;
    if (this.checking || !endedSessions) return;
    const ids = [...new Set([...this.host.clients].map((client) => client.sessionId).filter((id) => id !== null))];
    if (ids.length === 0) return;
    this.checking = true;
    endedSessions(ids)
      .then((ended) => this.endSessions(ended))
      .catch((error: unknown) => this.host.log.warn({ err: error }, 'live: the connected sessions could not be checked'))
      .finally(() => (this.checking = false));
  }
}
