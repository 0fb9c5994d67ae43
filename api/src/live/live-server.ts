import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { LIVE_PATH } from '@meridian/contracts';
import { clientFrame } from '@meridian/contracts/schemas';
import type { AccountFigures, ServerFrame } from '@meridian/contracts';
import type { BalanceEvents } from '../accounts/balances.ts';
import type { MarketFeed } from '../market/market-simulator.ts';

export interface LiveServerOptions {
  feed: MarketFeed;
  /** How often the feed advances and changed instruments are pushed. */
  tickMs?: number;
  /** Resolves a token to its user id; null refuses it. */
  verifyToken: (token: string) => Promise<string | null>;
  /** Balance changes, pushed to their owner's connections only (SPEC §0 rule 7). */
  balances?: BalanceEvents;
}

interface Client {
  socket: WebSocket;
  userId: string | null;
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * `/ws`: market frames to everyone (the first one full, later ones changed instruments only),
 * `USER_AUTH` answered with `AUTH_SUCCESS` or `AUTH_FAILED`; per-user frames go only to their owner.
 */
export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const clients = new Set<Client>();
  const { feed } = options;

  const timer = setInterval(() => {
    const changed = feed.tick();
    if (changed.length === 0 || clients.size === 0) return;
    const frame: ServerFrame = { type: 'MARKETS', full: false, simulated: feed.simulated, data: changed };
    const text = JSON.stringify(frame);
    for (const client of clients) if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }, options.tickMs ?? 1000);
  timer.unref();
  const onBalance = (userId: string, figures: AccountFigures) => {
    const { mode, ...rest } = figures;
    const frame: ServerFrame = { type: 'USER_BALANCE_UPDATE', userId, mode, ...rest };
    for (const client of clients) if (client.userId === userId) send(client.socket, frame);
  };
  options.balances?.on('balance', onBalance);
  app.addHook('onClose', async () => {
    options.balances?.off('balance', onBalance);
    clearInterval(timer);
    for (const client of clients) client.socket.close(1001, 'server closing');
  });

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const client: Client = { socket, userId: null };
    clients.add(client);
    send(socket, { type: 'MARKETS', full: true, simulated: feed.simulated, data: feed.snapshot() });
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
