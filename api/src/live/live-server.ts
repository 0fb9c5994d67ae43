import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { addressKey } from '../accounts/limits.ts';
import { LIVE_PATH, wholeNumber } from '@meridian/contracts';
import { accountFigures, clientFrame, pnlEntry } from '@meridian/contracts/schemas';
import type { AccountFigures, AccountModeName, ServerFrame } from '@meridian/contracts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import type { MarketService } from '../market/market-service.ts';
import { InProcessFabric, PNL_CHANNEL } from './live-fabric.ts';
import { balanceFrame, pnlFrame } from './user-frames.ts';
import type { LiveFabric } from './live-fabric.ts';
import { ApiFailure } from '../plugins/envelope.ts';

/** Who a token is: its user, the session it belongs to and when it expires (ms since the epoch). */
export interface LiveIdentity {
  userId: string;
  sessionId?: string;
  expiresAt?: number;
}

export interface LiveServerOptions {
  market: MarketService;
  /** At most one market frame per this many ms per connection (SPEC: once a second). */
  frameMs?: number;
  /** Resolves a token to who it is; null refuses it. */
  verifyToken: (token: string) => Promise<LiveIdentity | null>;
  /** Of these sessions, the ones that ended (however): checked every `sessionCheckMs` while sockets use them. */
  endedSessions?: (sessionIds: readonly string[]) => Promise<string[]>;
  /** How often the connected sessions are checked; a second by default. */
  sessionCheckMs?: number;
  /** Sessions this node ends (logout): told to every node through the fabric, so their sockets stop at once. */
  onSessionsEnded?: (listener: (sessionIds: string[]) => void) => () => void;
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

/** Connections with the same topics: each frame for them is serialized once and sent to all. */
interface Group {
  readonly key: string;
  readonly ids: ReadonlySet<number>;
  /** Instruments whose 100-price series the first frame carries (the home list's sparklines). */
  readonly series: ReadonlySet<number>;
  readonly clients: Set<Client>;
  /** The group's full frame, serialized once per tick. */
  snapshot: string | null;
}

interface Client {
  socket: WebSocket;
  userId: string | null;
  group: Group | null;
  /** When this connection's last SUBSCRIBE frames were taken (an allowance per connection). */
  subscribes: number[];
  /** The newest SUBSCRIBE past the allowance: applied as soon as the allowance allows, never dropped. */
  deferred: { topics: readonly string[]; timer: ReturnType<typeof setTimeout> } | null;
  /** Frames were skipped (a slow reader): the next one is a full picture. */
  behind: boolean;
  /** The client's address (as the rest of the API sees it: `request.ip`). */
  address: string;
  /** The session the identity comes from, and the timer that drops the identity when the token expires. */
  sessionId: string | null;
  expiry: ReturnType<typeof setTimeout> | null;
  /** The number of the newest USER_AUTH: only its answer counts (checks may finish out of order). */
  authSeq: number;
  /** When this connection's last USER_AUTH frames came (an allowance per connection). */
  auths: number[];
  gone: boolean;
}

/** How much a socket that does not read may hold unsent before it is closed (several skipped pictures). */
const HARD_BUFFER_FACTOR = 4;

const balanceMessage = z.object({ userId: z.string(), figures: accountFigures });
const CHANGED_CHANNEL = 'balance-changed';
/** Account-mode switches (`{ userId, mode }`), for every node's sockets of that user. */
const MODE_CHANNEL = 'account-mode';
const modeMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']) });
/** `orders`: how many of the user's orders the change touched (several: a batch frame). */
const changedMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']), orders: z.number().int().positive().optional() });
const pnlMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']), data: z.record(z.string(), pnlEntry) });

function parse<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const DEFAULT_TOPICS = ['home'];
/** A page changes what it shows a few times a minute: SUBSCRIBE frames past this in 10 s wait (the newest wins). */
export const SUBSCRIBE_ALLOWANCE = { count: 20, windowMs: 10_000 };
/** A page authenticates at start and at each token renewal: more USER_AUTH frames than this in 10 s close the socket. */
export const AUTH_ALLOWANCE = { count: 10, windowMs: 10_000 };
/** Open live connections per client address by default (a household or office shares one). */
const SOCKETS_PER_ADDRESS = 32;
const SESSION_ENDED_CHANNEL = 'session-ended';
const sessionEndedMessage = z.object({ sessionIds: z.array(z.string()) });
/** setTimeout's longest wait; a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether a browser's `Origin` may open the connection: its own host, or one of the allowed origins. */
function originAllowed(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return allowed.has(url.origin) || (host !== undefined && url.host === host.toLowerCase());
}

/**
 * `/ws` (SPEC §4, §6). A connection watches topics (`SUBSCRIBE`: the home list, a market type, single
 * instruments; the home list until it asks): it is sent a full `MARKETS` frame of those instruments, then
 * at most one `TICKS` frame a second with only the ones whose price changed. Connections watching the
 * same topics share each frame, serialized once. `USER_AUTH` is answered with `AUTH_SUCCESS` or
 * `AUTH_FAILED`; per-user frames go only to their owner, on every API node (through the fabric), while
 * the token's session lasts (an ended session or an expired token is sent `AUTH_FAILED`, then nothing).
 * Hardened (issue 14): a foreign browser `Origin` and an address past its connection count are refused
 * at the upgrade; a socket that does not read is dropped before it holds more than a bounded amount; the
 * newest `USER_AUTH` wins and a flood of them closes the socket.
 */
export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const { market } = options;
  const clients = new Set<Client>();
  /** The authenticated connections of each user: per-user frames go to these only. */
  const byUser = new Map<string, Set<Client>>();
  /** Open connections per client address. */
  const perAddress = new Map<string, number>();
  const groups = new Map<string, Group>();
  const fabric = options.fabric ?? new InProcessFabric();
  const frameMs = options.frameMs ?? 1000;
  const maxBuffered = options.maxBufferedBytes ?? 512 * 1024;
  const hardBuffered = maxBuffered * HARD_BUFFER_FACTOR;
  const socketsPerAddress = options.socketsPerAddress ?? SOCKETS_PER_ADDRESS;
  const allowedOrigins = new Set<string>();
  for (const origin of options.origins ?? []) {
    if (!origin) continue;
    try {
      allowedOrigins.add(new URL(origin).origin);
    } catch {
      throw new Error(`live: the allowed origin ${origin} is not a URL`);
    }
  }

  const groupFor = (topics: readonly string[]): Group => {
    const unique = [...new Set(topics)].sort();
    const key = unique.join(',');
    const existing = groups.get(key);
    if (existing) return existing;
    const ids = new Set<number>();
    const series = new Set<number>();
    for (const topic of unique) {
      if (topic === 'home') {
        for (const id of market.catalogue.homeIds()) {
          ids.add(id);
          series.add(id);
        }
      } else if (topic.startsWith('type:')) {
        for (const i of market.catalogue.ofType(wholeNumber(topic.slice(5)))) ids.add(i.id);
      } else {
        const id = wholeNumber(topic.slice(3));
        if (market.catalogue.byId(id)) ids.add(id);
      }
    }
    const group: Group = { key, ids, series, clients: new Set(), snapshot: null };
    groups.set(key, group);
    return group;
  };

  const snapshotOf = (group: Group): string => {
    group.snapshot ??= JSON.stringify({
      type: 'MARKETS',
      full: true,
      simulated: market.simulated,
      data: [...group.ids].map((id) => market.book.item(id, group.series.has(id))).filter((item) => item !== undefined),
    } satisfies ServerFrame);
    return group.snapshot;
  };

  const join = (client: Client, topics: readonly string[]) => {
    if (client.group) {
      client.group.clients.delete(client);
      if (client.group.clients.size === 0) groups.delete(client.group.key);
    }
    const group = groupFor(topics);
    group.clients.add(client);
    client.group = group;
    client.behind = false;
    deliver(client, () => snapshotOf(group));
  };

  /** Drops a connection that does not read: its unsent frames are freed at once. */
  const drop = (client: Client) => {
    client.socket.terminate();
    leave(client);
  };

  /**
   * Sends a market frame unless the socket is not reading: past the limit the frame is skipped (the
   * next one is a full picture); far past it the connection is dropped. Memory per socket stays bounded.
   */
  function deliver(client: Client, text: () => string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > hardBuffered) return drop(client);
    if (socket.bufferedAmount > maxBuffered) {
      client.behind = true;
      return;
    }
    if (client.behind) {
      client.behind = false;
      if (client.group) socket.send(snapshotOf(client.group));
      return;
    }
    socket.send(text());
  }

  /**
   * Sends a frame that cannot be skipped (user frames, answers): a socket holding more than the hard
   * limit unsent is dropped instead, so a client that stops reading cannot grow the server's memory.
   */
  function sendTo(client: Client, frame: ServerFrame | string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > hardBuffered) return drop(client);
    socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Sends a per-user frame to that user's connections on this node. */
  const toUser = (userId: string, frame: ServerFrame) => {
    const mine = byUser.get(userId);
    if (!mine) return;
    const text = JSON.stringify(frame);
    for (const client of [...mine]) sendTo(client, text);
  };

  const forget = (client: Client) => {
    if (client.expiry) clearTimeout(client.expiry);
    client.expiry = null;
    if (client.userId) {
      const mine = byUser.get(client.userId);
      mine?.delete(client);
      if (mine?.size === 0) byUser.delete(client.userId);
    }
    client.userId = null;
    client.sessionId = null;
  };

  const identify = (client: Client, identity: LiveIdentity) => {
    forget(client);
    client.userId = identity.userId;
    client.sessionId = identity.sessionId ?? null;
    let mine = byUser.get(identity.userId);
    if (!mine) byUser.set(identity.userId, (mine = new Set()));
    mine.add(client);
    if (identity.expiresAt !== undefined) watchExpiry(client, identity.expiresAt);
  };

  /** An access token's own end: its socket stops getting user frames then, unless it authenticated again. */
  const watchExpiry = (client: Client, expiresAt: number) => {
    client.expiry = setTimeout(
      () => {
        client.expiry = null;
        if (expiresAt > Date.now()) return watchExpiry(client, expiresAt);
        signOut(client, 'token expired');
      },
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
  };

  /** The identity is gone: no user frame follows the AUTH_FAILED (a newer USER_AUTH may still succeed). */
  const signOut = (client: Client, message: string) => {
    if (!client.userId) return;
    forget(client);
    sendTo(client, { type: 'AUTH_FAILED', message });
  };

  const leave = (client: Client) => {
    if (client.gone) return;
    client.gone = true;
    clients.delete(client);
    forget(client);
    const count = (perAddress.get(client.address) ?? 1) - 1;
    if (count > 0) perAddress.set(client.address, count);
    else perAddress.delete(client.address);
    if (client.deferred) clearTimeout(client.deferred.timer);
    if (client.group) {
      client.group.clients.delete(client);
      if (client.group.clients.size === 0) groups.delete(client.group.key);
    }
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
      join(client, topics);
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

  // Ticks are gathered and sent at most once per frame interval, paced by the ticks' own times (with a
  // tenth of slack for timer jitter): a tick that took long to compute delays its own frame, not the next.
  let pending = new Set<number>();
  let lastTime = 0;
  let lastFrameTick = Number.NEGATIVE_INFINITY;
  let frameTimer: ReturnType<typeof setTimeout> | null = null;
  const broadcast = () => {
    frameTimer = null;
    lastFrameTick = lastTime;
    const changed = pending;
    pending = new Set();
    for (const group of groups.values()) {
      group.snapshot = null;
      const data: [number, string, string][] = [];
      for (const id of changed) {
        if (!group.ids.has(id)) continue;
        const tick = market.book.tick(id);
        if (tick) data.push(tick);
      }
      if (data.length === 0) continue;
      let text: string | null = null;
      const ticks = () =>
        (text ??= JSON.stringify({ type: 'TICKS', simulated: market.simulated, time: lastTime, data } satisfies ServerFrame));
      for (const client of group.clients) deliver(client, ticks);
    }
  };
  const stopTicks = market.onTicks(({ time, ids }) => {
    for (const id of ids) pending.add(id);
    lastTime = time;
    if (frameTimer) return;
    const due = lastFrameTick + frameMs * 0.9;
    if (time >= due) broadcast();
    // Tick times are the leader's clock: never wait longer than one interval on this node's.
    else frameTimer = setTimeout(broadcast, Math.min(due - time, frameMs));
  });

  await fabric.subscribe('balance', (payload) => {
    const message = parse(balanceMessage, payload);
    if (!message) return;
    const { mode, ...rest } = message.figures;
    toUser(message.userId, { type: 'USER_BALANCE_UPDATE', userId: message.userId, mode, ...rest });
  });

  // Live PnL of open positions (the feed's leader publishes it after each tick): to the owner's sockets only.
  await fabric.subscribe(PNL_CHANNEL, (payload) => {
    const message = parse(pnlMessage, payload);
    if (!message) return;
    toUser(message.userId, pnlFrame(message));
  });

  // A change without figures: the nodes where the owner is connected read and push them.
  await fabric.subscribe(CHANGED_CHANNEL, (payload) => {
    const message = parse(changedMessage, payload);
    if (!message || !options.figures || !byUser.has(message.userId)) return;
    options
      .figures(message.userId, message.mode)
      .then((figures) => toUser(message.userId, balanceFrame(message.userId, figures, message.orders)))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live: figures of a changed account could not be read'));
  });
  const onChanged = (userId: string, mode: AccountModeName, orders = 1) => {
    fabric.publish(CHANGED_CHANNEL, JSON.stringify({ userId, mode, orders })).catch((error: unknown) => {
      app.log.error({ err: error }, 'live: a balance change could not be published');
    });
  };
  options.balances?.on('changed', onChanged);

  const onBalance = (userId: string, figures: AccountFigures) => {
    fabric.publish('balance', JSON.stringify({ userId, figures })).catch((error: unknown) => {
      app.log.error({ err: error }, 'live: a balance change could not be published');
    });
  };
  options.balances?.on('balance', onBalance);

  // A switch of account mode: every node tells its sockets of that user (SPEC §0 rule 7: theirs only).
  await fabric.subscribe(MODE_CHANNEL, (payload) => {
    const message = parse(modeMessage, payload);
    if (message) toUser(message.userId, { type: 'ACCOUNT_MODE', mode: message.mode });
  });
  const onMode = (userId: string, mode: AccountModeName) => {
    fabric.publish(MODE_CHANNEL, JSON.stringify({ userId, mode })).catch((error: unknown) => {
      app.log.error({ err: error }, 'live: a switch of account mode could not be published');
    });
  };
  options.balances?.on('mode', onMode);

  // Ended sessions: every node's sockets of them stop getting user frames at once.
  const endSessions = (sessionIds: readonly string[]) => {
    const ended = new Set(sessionIds);
    for (const client of clients) if (client.sessionId && ended.has(client.sessionId)) signOut(client, 'session ended');
  };
  await fabric.subscribe(SESSION_ENDED_CHANNEL, (payload) => {
    const message = parse(sessionEndedMessage, payload);
    if (message) endSessions(message.sessionIds);
  });
  const stopSessionEvents = options.onSessionsEnded?.((sessionIds) => {
    fabric.publish(SESSION_ENDED_CHANNEL, JSON.stringify({ sessionIds })).catch((error: unknown) => {
      app.log.error({ err: error }, 'live: an ended session could not be published');
      endSessions(sessionIds);
    });
  });
  // However a session ended (some ends are not told, or happened on a node that failed to tell), the
  // connected ones are checked every second or so: one query per node, not per socket.
  let checking = false;
  const checkSessions = () => {
    if (checking || !options.endedSessions) return;
    const ids = [...new Set([...clients].map((client) => client.sessionId).filter((id) => id !== null))];
    if (ids.length === 0) return;
    checking = true;
    options
      .endedSessions(ids)
      .then(endSessions)
      .catch((error: unknown) => app.log.warn({ err: error }, 'live: the connected sessions could not be checked'))
      .finally(() => (checking = false));
  };
  const sessionTimer = options.endedSessions ? setInterval(checkSessions, options.sessionCheckMs ?? 1000) : null;
  sessionTimer?.unref();

  app.addHook('onClose', async () => {
    options.balances?.off('balance', onBalance);
    options.balances?.off('changed', onChanged);
    options.balances?.off('mode', onMode);
    stopSessionEvents?.();
    if (sessionTimer) clearInterval(sessionTimer);
    stopTicks();
    if (frameTimer) clearTimeout(frameTimer);
    for (const client of [...clients]) {
      leave(client);
      client.socket.close(1001, 'server closing');
    }
  });

  /** Before the upgrade: a foreign browser origin, or an address with too many connections, is refused. */
  const admit = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.headers.host, allowedOrigins)) {
      throw new ApiFailure('403', 'origin not allowed', 403);
    }
    if ((perAddress.get(addressKey(request.ip)) ?? 0) >= socketsPerAddress)
      throw new ApiFailure('429', 'too many live connections', 429, 10);
  };

  /** USER_AUTH: the newest frame's answer is the one that counts; a flood of them closes the socket. */
  const authenticate = (client: Client, token: string) => {
    const now = Date.now();
    client.auths = client.auths.filter((at) => at > now - AUTH_ALLOWANCE.windowMs);
    if (client.auths.length >= AUTH_ALLOWANCE.count) {
      client.socket.close(1008, 'too many USER_AUTH');
      leave(client);
      return;
    }
    client.auths.push(now);
    const seq = ++client.authSeq;
    void options
      .verifyToken(token)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'live: a token could not be checked');
        return null;
      })
      .then((identity) => {
        if (seq !== client.authSeq || client.gone) return;
        if (identity) {
          identify(client, identity);
          sendTo(client, { type: 'AUTH_SUCCESS', message: 'authenticated' });
        } else {
          // A refused token also drops any earlier identity: no user data follows an error frame.
          forget(client);
          sendTo(client, { type: 'AUTH_FAILED', message: 'invalid token' });
        }
      });
  };

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true }, onRequest: admit }, (socket, request) => {
    // An IPv6 caller counts by its /64 (one subscriber's prefix), as the sign-in limits count it.
    const address = addressKey(request.ip);
    const client: Client = {
      socket,
      userId: null,
      group: null,
      behind: false,
      subscribes: [],
      deferred: null,
      address,
      sessionId: null,
      expiry: null,
      authSeq: 0,
      auths: [],
      gone: false,
    };
    socket.on('close', () => leave(client));
    // Upgrades admitted together may pass the check before any of them is counted: counted here.
    const open = perAddress.get(address) ?? 0;
    perAddress.set(address, open + 1);
    clients.add(client);
    if (open >= socketsPerAddress) {
      socket.close(1013, 'too many live connections');
      leave(client);
      return;
    }
    join(client, DEFAULT_TOPICS);
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
      if (frame.type === 'PING') return sendTo(client, { type: 'PONG' });
      if (frame.type === 'SUBSCRIBE') return subscribe(client, frame.topics);
      authenticate(client, frame.token);
    });
  });
}
