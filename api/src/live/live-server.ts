import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { LIVE_PATH } from '@meridian/contracts';
import { accountFigures, clientFrame, pnlEntry } from '@meridian/contracts/schemas';
import type { AccountFigures, AccountModeName, ServerFrame } from '@meridian/contracts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import type { MarketService } from '../market/market-service.ts';
import { InProcessFabric, PNL_CHANNEL } from './live-fabric.ts';
import type { LiveFabric } from './live-fabric.ts';

export interface LiveServerOptions {
  market: MarketService;
  /** At most one market frame per this many ms per connection (SPEC: once a second). */
  frameMs?: number;
  /** Resolves a token to its user id; null refuses it. */
  verifyToken: (token: string) => Promise<string | null>;
  /** Balance changes, pushed to their owner's connections only (SPEC §0 rule 7). */
  balances?: BalanceEvents;
  /** Reads an account's figures, for a `changed` balance event of a user connected to this node. */
  figures?: (userId: string, mode: AccountModeName) => Promise<AccountFigures>;
  /** What this node shares with the other API nodes; in-process when alone. */
  fabric?: LiveFabric;
  /** Bytes a socket may have unsent before it is skipped and later sent a full picture instead. */
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
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** How much a socket that does not read may hold unsent before it is closed (several skipped pictures). */
const HARD_BUFFER_FACTOR = 4;

const balanceMessage = z.object({ userId: z.string(), figures: accountFigures });
const CHANGED_CHANNEL = 'balance-changed';
const changedMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']) });
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

/**
 * `/ws` (SPEC §4, §6). A connection watches topics (`SUBSCRIBE`: the home list, a market type, single
 * instruments; the home list until it asks): it is sent a full `MARKETS` frame of those instruments, then
 * at most one `TICKS` frame a second with only the ones whose price changed. Connections watching the
 * same topics share each frame, serialized once. `USER_AUTH` is answered with `AUTH_SUCCESS` or
 * `AUTH_FAILED`; per-user frames go only to their owner, on every API node (through the fabric).
 */
export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const { market } = options;
  const clients = new Set<Client>();
  const groups = new Map<string, Group>();
  const fabric = options.fabric ?? new InProcessFabric();
  const frameMs = options.frameMs ?? 1000;
  const maxBuffered = options.maxBufferedBytes ?? 512 * 1024;

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
        for (const i of market.catalogue.ofType(Number(topic.slice(5)))) ids.add(i.id);
      } else {
        const id = Number(topic.slice(3));
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

  /**
   * Sends a market frame unless the socket is not reading: past the limit the frame is skipped (the
   * next one is a full picture); far past it the connection is closed. Memory per socket stays bounded.
   */
  function deliver(client: Client, text: () => string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered * HARD_BUFFER_FACTOR) {
      socket.close(1008, 'not reading');
      return;
    }
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

  const leave = (client: Client) => {
    clients.delete(client);
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
    const frame: ServerFrame = { type: 'USER_BALANCE_UPDATE', userId: message.userId, mode, ...rest };
    for (const client of clients) if (client.userId === message.userId) send(client.socket, frame);
  });

  // Live PnL of open positions (the feed's leader publishes it after each tick): to the owner's sockets only.
  await fabric.subscribe(PNL_CHANNEL, (payload) => {
    const message = parse(pnlMessage, payload);
    if (!message) return;
    const frame: ServerFrame = { type: 'REAL_TIME_PNL', mode: message.mode, data: message.data };
    for (const client of clients) if (client.userId === message.userId) send(client.socket, frame);
  });

  // A change without figures: the nodes where the owner is connected read and push them.
  await fabric.subscribe(CHANGED_CHANNEL, (payload) => {
    const message = parse(changedMessage, payload);
    if (!message || !options.figures) return;
    const mine = [...clients].filter((client) => client.userId === message.userId);
    if (mine.length === 0) return;
    options
      .figures(message.userId, message.mode)
      .then((figures) => {
        const { mode, ...rest } = figures;
        const frame: ServerFrame = { type: 'USER_BALANCE_UPDATE', userId: message.userId, mode, ...rest };
        for (const client of mine) if (client.userId === message.userId) send(client.socket, frame);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'live: figures of a changed account could not be read'));
  });
  const onChanged = (userId: string, mode: AccountModeName) => {
    fabric.publish(CHANGED_CHANNEL, JSON.stringify({ userId, mode })).catch((error: unknown) => {
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

  app.addHook('onClose', async () => {
    options.balances?.off('balance', onBalance);
    options.balances?.off('changed', onChanged);
    stopTicks();
    if (frameTimer) clearTimeout(frameTimer);
    for (const client of clients) {
      if (client.deferred) clearTimeout(client.deferred.timer);
      client.socket.close(1001, 'server closing');
    }
  });

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const client: Client = { socket, userId: null, group: null, behind: false, subscribes: [], deferred: null };
    clients.add(client);
    join(client, DEFAULT_TOPICS);
    socket.on('message', (raw) => {
      let parsed;
      try {
        parsed = clientFrame.safeParse(JSON.parse(String(raw)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'PING') return send(socket, { type: 'PONG' });
      if (frame.type === 'SUBSCRIBE') return subscribe(client, frame.topics);
      void options
        .verifyToken(frame.token)
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'live: a token could not be checked');
          return null;
        })
        .then((userId) => {
          // A refused token also drops any earlier identity: no user data follows an error frame.
          client.userId = userId;
          send(socket, userId ? { type: 'AUTH_SUCCESS', message: 'authenticated' } : { type: 'AUTH_FAILED', message: 'invalid token' });
        });
    });
    socket.on('close', () => leave(client));
  });
}
