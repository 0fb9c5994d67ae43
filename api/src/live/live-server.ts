import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { LIVE_PATH } from '@meridian/contracts';
import { accountFigures, clientFrame, marketItem } from '@meridian/contracts/schemas';
import type { AccountFigures, MarketItem, ServerFrame } from '@meridian/contracts';
import type { BalanceEvents } from '../accounts/balances.ts';
import type { MarketFeed } from '../market/market-simulator.ts';
import { InProcessFabric } from './live-fabric.ts';
import type { LiveFabric } from './live-fabric.ts';

export interface LiveServerOptions {
  feed: MarketFeed;
  /** How often the feed advances and changed instruments are pushed. */
  tickMs?: number;
  /** Resolves a token to its user id; null refuses it. */
  verifyToken: (token: string) => Promise<string | null>;
  /** Balance changes, pushed to their owner's connections only (SPEC §0 rule 7). */
  balances?: BalanceEvents;
  /** What this node shares with the other API nodes; in-process when alone. Closed with the server. */
  fabric?: LiveFabric;
}

interface Client {
  socket: WebSocket;
  userId: string | null;
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** What travels between nodes: checked on arrival like anything else that crosses a wire. */
const marketsMessage = z.object({ simulated: z.boolean(), full: z.boolean(), data: z.array(marketItem) });
const balanceMessage = z.object({ userId: z.string(), figures: accountFigures });
const snapshotMessage = z.array(marketItem);

function parse<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const FEED_ROLE = 'market-feed';
const SNAPSHOT_KEY = 'markets:snapshot';

/**
 * `/ws`: market frames to everyone (the first one full, later ones changed instruments only),
 * `USER_AUTH` answered with `AUTH_SUCCESS` or `AUTH_FAILED`; per-user frames go only to their owner.
 *
 * Several API nodes serve one user base through the fabric: one node (the leader) advances the feed
 * and publishes what changed, and every node, the leader included, pushes it to its own sockets; a
 * balance change on any node reaches its owner's sockets on every node. When the leader stops, another
 * node takes the feed over after at most three ticks, going on from the prices it has pushed (its
 * view: the shared snapshot it started from plus every update since).
 */
export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const clients = new Set<Client>();
  const { feed } = options;
  const fabric = options.fabric ?? new InProcessFabric();
  const tickMs = options.tickMs ?? 1000;

  // What every socket is told first: this node's view of the market, from the shared snapshot when
  // another node already runs the feed.
  const view = new Map<number, MarketItem>(feed.snapshot().map((item) => [item.id, item]));
  const shared = await fabric.read(SNAPSHOT_KEY);
  for (const item of (shared && parse(snapshotMessage, shared)) || []) view.set(item.id, item);
  let simulated = feed.simulated;

  await fabric.subscribe('markets', (payload) => {
    const message = parse(marketsMessage, payload);
    if (!message || message.data.length === 0) return;
    simulated = message.simulated;
    // A full picture (a node has just taken the feed) replaces whatever this node showed before.
    if (message.full) view.clear();
    for (const item of message.data) view.set(item.id, item);
    if (clients.size === 0) return;
    const frame: ServerFrame = { type: 'MARKETS', full: message.full, simulated, data: message.data };
    const text = JSON.stringify(frame);
    for (const client of clients) if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  });

  await fabric.subscribe('balance', (payload) => {
    const message = parse(balanceMessage, payload);
    if (!message) return;
    const { mode, ...rest } = message.figures;
    const frame: ServerFrame = { type: 'USER_BALANCE_UPDATE', userId: message.userId, mode, ...rest };
    for (const client of clients) if (client.userId === message.userId) send(client.socket, frame);
  });

  const onBalance = (userId: string, figures: AccountFigures) => {
    fabric.publish('balance', JSON.stringify({ userId, figures })).catch((error: unknown) => {
      app.log.error({ err: error }, 'live: a balance change could not be published');
    });
  };
  options.balances?.on('balance', onBalance);

  let leading = false;
  let ticking = false;
  const tick = async () => {
    if (!(await fabric.lead(FEED_ROLE, tickMs * 3))) {
      leading = false;
      return;
    }
    // Taking the feed over: go on from the prices everybody has seen, not from this node's own walk,
    // and send the whole picture once so every node (and socket) shows the same one from now on.
    const takingOver = !leading && fabric.shared;
    if (!leading) feed.resume?.([...view.values()]);
    leading = true;
    const changed = feed.tick();
    if (changed.length === 0 && !takingOver) return;
    for (const item of changed) view.set(item.id, item);
    const data = takingOver ? [...view.values()] : changed;
    await fabric.write(SNAPSHOT_KEY, JSON.stringify([...view.values()]), tickMs * 30);
    await fabric.publish('markets', JSON.stringify({ simulated: feed.simulated, full: takingOver, data }));
  };
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    tick()
      .catch((error: unknown) => app.log.warn({ err: error }, 'live: market tick failed'))
      .finally(() => {
        ticking = false;
      });
  }, tickMs);
  timer.unref();

  app.addHook('onClose', async () => {
    options.balances?.off('balance', onBalance);
    clearInterval(timer);
    for (const client of clients) client.socket.close(1001, 'server closing');
    await fabric.close();
  });

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const client: Client = { socket, userId: null };
    clients.add(client);
    send(socket, { type: 'MARKETS', full: true, simulated, data: [...view.values()] });
    socket.on('message', (raw) => {
      let parsed;
      try {
        parsed = clientFrame.safeParse(JSON.parse(String(raw)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === 'PING') return send(socket, { type: 'PONG' });
      void options.verifyToken(parsed.data.token).then((userId) => {
        // A refused token also drops any earlier identity: no user data follows an error frame.
        client.userId = userId;
        send(socket, userId ? { type: 'AUTH_SUCCESS', message: 'authenticated' } : { type: 'AUTH_FAILED', message: 'invalid token' });
      });
    });
    socket.on('close', () => clients.delete(client));
  });
}
