import type { FastifyInstance } from 'fastify';
import { LIVE_PATH } from '@meridian/contracts';
import { clientFrame } from '@meridian/contracts/schemas';
import type { AccountFigures, AccountModeName, ServerFrame } from '@meridian/contracts';
import { addressKey } from '../accounts/limits.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import type { MarketService } from '../market/market-service.ts';
import { LiveAdmission } from './live-admission.ts';
import { newClient } from './live-client.ts';
import type { Client } from './live-client.ts';
import { InProcessFabric } from './live-fabric.ts';
import type { LiveFabric } from './live-fabric.ts';
import { LiveIdentities } from './live-identities.ts';
import type { IdentityOptions } from './live-identities.ts';
import { marketTopics } from './providers/market-topics.ts';
import { userChannel } from './providers/user-channel.ts';
import { encodeFrame } from './topic-provider.ts';
import type { EncodedFrame, LiveHub, PublicTopics, TopicProvider } from './topic-provider.ts';

/** Frames are text frames, handed to ws as bytes encoded once. */
const TEXT = { binary: false } as const;

export { AUTH_ALLOWANCE } from './live-identities.ts';
export type { LiveIdentity } from './live-identities.ts';

export interface LiveServerOptions extends IdentityOptions {
  /** The market topics' prices (SPEC §4): the home list, market types, single instruments. */
  market: MarketService;
  /** At most one market frame per this many ms per connection (SPEC: once a second). */
  frameMs?: number;
  /** Further domains' topic providers, besides the markets and the user's own channel. */
  providers?: readonly TopicProvider[];
  /**
   * Origins a browser may open the connection from, besides the one the request is addressed to (its
   * `Host`): the site's own. Any other `Origin` is refused before the upgrade (cross-site WebSocket
   * hijacking); a request without one (not a browser) is let through.
   */
  origins?: readonly (string | undefined)[];
  /** Open connections one client address may hold; past it the upgrade is refused. */
  socketsPerAddress?: number;
  /** Balance changes, pushed to their owner's connections only (SPEC §0 rule 7). */
  balances?: BalanceEvents;
  /** Reads an account's figures, for a `changed` balance event of a user connected to this node. */
  figures?: (userId: string, mode: AccountModeName) => Promise<AccountFigures>;
  /** What this node shares with the other API nodes; in-process when alone. */
  fabric?: LiveFabric;
  /**
   * Bytes a socket may have unsent before market frames are skipped (it is later sent a full picture
   * instead); at four times this, any frame drops the connection.
   */
  maxBufferedBytes?: number;
}

/** How much a socket that does not read may hold unsent before it is closed (several skipped pictures). */
const HARD_BUFFER_FACTOR = 4;
/** What a connection watches until it asks: the home list. */
const DEFAULT_TOPICS = ['home'];
/** A page changes what it shows a few times a minute: SUBSCRIBE frames past this in 10 s wait (the newest wins). */
export const SUBSCRIBE_ALLOWANCE = { count: 20, windowMs: 10_000 };
/** Open live connections per client address by default (a household or office shares one). */
const SOCKETS_PER_ADDRESS = 32;

/**
 * `/ws` (SPEC §4, §6): connections, their identities and the frames that route them; what they watch
 * is the topic providers' (`providers/`: the markets, the user's own channel, …). `SUBSCRIBE` replaces
 * what a connection watches (each public provider gets its share of the topics and sends its snapshot),
 * `USER_AUTH` puts it on its user's own channel, `PING` is answered `PONG`, a close leaves everything.
 * Hardened (issue 14): a foreign browser `Origin` and an address past its connection count are refused
 * at the upgrade; a socket that does not read is dropped before it holds more than a bounded amount; the
 * newest `USER_AUTH` wins and a flood of them closes the socket.
 */
export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const clients = new Set<Client>();
  const fabric = options.fabric ?? new InProcessFabric();
  const maxBuffered = options.maxBufferedBytes ?? 512 * 1024;
  const hardBuffered = maxBuffered * HARD_BUFFER_FACTOR;
  const admission = new LiveAdmission(options.origins ?? [], options.socketsPerAddress ?? SOCKETS_PER_ADDRESS);
  const providers: TopicProvider[] = [
    marketTopics(options.market, options.frameMs === undefined ? {} : { frameMs: options.frameMs }),
    userChannel({
      ...(options.balances ? { balances: options.balances } : {}),
      ...(options.figures ? { figures: options.figures } : {}),
    }),
    ...(options.providers ?? []),
  ];
  const publicTopics = providers.filter((p): p is PublicTopics => p.audience === 'public');

  /** Drops a connection that does not read: its unsent frames are freed at once. */
  const drop = (client: Client) => {
    client.socket.terminate();
    leave(client);
  };

  /** Sends a frame that cannot be skipped (user frames, answers), unless the socket holds too much unsent. */
  const send = (client: Client, frame: ServerFrame | EncodedFrame) => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > hardBuffered) return drop(client);
    socket.send(Buffer.isBuffer(frame) ? frame : encodeFrame(frame), TEXT);
  };

  const identities = new LiveIdentities(
    {
      clients,
      fabric,
      log: app.log,
      send,
      close: (client, code, reason) => {
        client.socket.close(code, reason);
        leave(client);
      },
    },
    options,
  );

  const hub: LiveHub = {
    fabric,
    log: app.log,
    deliver(live, frame) {
      const client = live as Client;
      const { socket } = client;
      if (socket.readyState !== socket.OPEN) return 'gone';
      if (socket.bufferedAmount > hardBuffered) {
        drop(client);
        return 'gone';
      }
      if (socket.bufferedAmount > maxBuffered) return 'skipped';
      socket.send(frame(), TEXT);
      return 'sent';
    },
    send: (live, frame) => send(live as Client, frame),
    toUser(userId, frame) {
      const mine = identities.connectionsOf(userId);
      if (mine.length === 0) return;
      const encoded = encodeFrame(frame);
      for (const client of mine) send(client, encoded);
    },
    hasUser: (userId) => identities.hasUser(userId),
  };

  const watch = (client: Client, topics: readonly string[]) => {
    for (const provider of publicTopics) {
      const share = topics.filter((topic) => provider.serves(topic));
      provider.watch(client, share);
    }
  };

  const leave = (client: Client) => {
    if (client.gone) return;
    client.gone = true;
    clients.delete(client);
    identities.forget(client);
    admission.closed(client.address);
    if (client.deferred) clearTimeout(client.deferred.timer);
    for (const provider of publicTopics) provider.leave(client);
  };

  /**
   * Each SUBSCRIBE costs a full picture, so a connection gets a few per window; one past the
   * allowance is kept (the newest wins) and applied when the window has room, so the last thing a
   * page asked for is always what it receives.
   */
  const subscribe = (client: Client, topics: readonly string[]) => {
    const now = Date.now();
    client.subscribes = client.subscribes.filter((at) => at > now - SUBSCRIBE_ALLOWANCE.windowMs);
    if (client.subscribes.length < SUBSCRIBE_ALLOWANCE.count) {
      if (client.deferred) clearTimeout(client.deferred.timer);
      client.deferred = null;
      client.subscribes.push(now);
      watch(client, topics);
      return;
    }
    if (client.deferred) {
      client.deferred.topics = topics;
      return;
    }
    const wait = client.subscribes[0]! + SUBSCRIBE_ALLOWANCE.windowMs - now + 1;
    client.deferred = {
      topics,
      timer: setTimeout(() => {
        const latest = client.deferred?.topics;
        client.deferred = null;
        if (latest && clients.has(client)) subscribe(client, latest);
      }, wait),
    };
  };

  const stops: (() => void)[] = [];
  for (const provider of providers) stops.push(await provider.start(hub));
  stops.push(await identities.start());

  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    for (const client of [...clients]) {
      leave(client);
      client.socket.close(1001, 'server closing');
    }
  });

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true }, onRequest: admission.admit }, (socket, request) => {
    // An IPv6 caller counts by its /64 (one subscriber's prefix), as the sign-in limits count it.
    const client = newClient(socket, addressKey(request.ip));
    socket.on('close', () => leave(client));
    clients.add(client);
    if (!admission.open(client.address)) {
      socket.close(1013, 'too many live connections');
      leave(client);
      return;
    }
    watch(client, DEFAULT_TOPICS);
    socket.on('message', (raw) => {
      if (client.gone) return;
      let parsed;
      try {
        parsed = clientFrame.safeParse(JSON.parse(String(raw)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'PING') return send(client, { type: 'PONG' });
      if (frame.type === 'SUBSCRIBE') return subscribe(client, frame.topics);
      identities.authenticate(client, frame.token);
    });
  });
}
