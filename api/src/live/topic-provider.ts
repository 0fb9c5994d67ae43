import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '@meridian/contracts';
import type { LiveFabric } from './live-fabric.ts';

/** One open `/ws` connection, as the live server and its topic providers see it. */
export interface LiveClient {
  readonly socket: WebSocket;
  /** The signed-in user of the connection (USER_AUTH), or null for a visitor. */
  readonly userId: string | null;
}

/**
 * A frame serialized and encoded (UTF-8) once, for as many connections as it goes to: each socket is handed the
 * same bytes, not a string it would measure and encode again (ws does both for a string, per socket).
 */
export type EncodedFrame = Buffer;

/** Serializes and encodes a frame once (`EncodedFrame`). */
export function encodeFrame(frame: ServerFrame): EncodedFrame {
  return Buffer.from(JSON.stringify(frame));
}

/** What became of a skippable frame: sent, skipped (the socket is behind), or not sent (closed or dropped). */
export type Delivery = 'sent' | 'skipped' | 'gone';

/** What the live server offers its topic providers: sending to connections, and the nodes' fabric. */
export interface LiveHub {
  readonly fabric: LiveFabric;
  readonly log: FastifyBaseLogger;
  /**
   * Sends a frame that may be skipped (market data) unless the socket is not reading: past the soft
   * limit it is skipped (the provider sends a full picture instead of the next one); far past it the
   * connection is dropped. Memory per socket stays bounded.
   */
  deliver(client: LiveClient, frame: () => EncodedFrame): Delivery;
  /** Sends a frame that cannot be skipped; a socket holding more than the hard limit unsent is dropped instead. */
  send(client: LiveClient, frame: ServerFrame | EncodedFrame): void;
  /** Sends a frame to the signed-in user's own connections on this node (SPEC §0 rule 7: theirs only). */
  toUser(userId: string, frame: ServerFrame): void;
  /** Whether the user has a signed-in connection on this node. */
  hasUser(userId: string): boolean;
}

/**
 * A domain's live topics (ARCHITECTURE: `live/` holds topic providers per domain): which topics it
 * serves, who may watch them, what a watcher is sent at once (the snapshot) and how its updates reach
 * the watchers of every API node (its fabric channels, subscribed in `start`).
 *
 * `public` topics are watched through `SUBSCRIBE` by anyone, visitors included; an `own-user` provider
 * serves the signed-in user's own channel: a connection is on it exactly while it is authenticated, and
 * its frames go to that user's connections only.
 */
export type TopicProvider = PublicTopics | OwnUserChannel;

interface ProviderBase {
  /** The provider's name, for logs (`markets`, `user`). */
  readonly name: string;
  /** Starts it on this node (fabric subscriptions, feeds); the returned function stops it at shutdown. */
  start(hub: LiveHub): Promise<() => void>;
}

export interface PublicTopics extends ProviderBase {
  readonly audience: 'public';
  /** Whether a topic is this provider's (e.g. by its prefix). */
  serves(topic: string): boolean;
  /**
   * Replaces what the connection watches of this provider's topics (possibly none) and sends it their
   * snapshot. Each `SUBSCRIBE` replaces the connection's whole set: every public provider is called,
   * with its share of the topics.
   */
  watch(client: LiveClient, topics: readonly string[]): void;
  /** The connection closed: it watches nothing any more. */
  leave(client: LiveClient): void;
}

export interface OwnUserChannel extends ProviderBase {
  readonly audience: 'own-user';
}
