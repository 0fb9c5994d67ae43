/**
 * The API restarted many times (a clean stop, or a SIGKILL, in turn) on one store with live clients connected:
 * `users` users with `socketsPerUser` sockets each on `/ws`, watching the home list and signed in with USER_AUTH.
 * The clients behave like the shell's live connection (shared/platform/src/live/live-connection.ts): on open they
 * send SUBSCRIBE and USER_AUTH, and after an abnormal close they try again every 5 s (LIVE_TIMINGS.retryMs). On
 * AUTH_SUCCESS they also read the account again over HTTP (getUserInfo): the live connection does not send the
 * figures on AUTH_SUCCESS, so a change made while a client was away reaches it only by that read.
 *
 * After each restart, once the API listens, every user's demo balance changes (an order) before the clients are
 * back; each client must then, within `resyncLimitMs` of the API listening, have a full MARKETS frame and
 * AUTH_SUCCESS on its new socket and hold the user's new balance.
 */
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { LIVE_PATH, endpointPath } from '@meridian/contracts';
import { tradingEndpoints } from '@meridian/contracts/endpoints/trading';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { FaultServer, call, freePort, median, signUpOver, waitFor } from './fault-helpers.ts';
import type { FaultStore, FaultUser } from './fault-helpers.ts';
import { inspectStore } from './kill-scenario.ts';
import type { Inspection } from './kill-scenario.ts';

/** The shell's retry after an abnormal close (LIVE_TIMINGS.retryMs). */
export const RETRY_MS = 5_000;

export interface RestartOptions {
  restarts: number;
  users?: number;
  socketsPerUser?: number;
  resyncLimitMs?: number;
  log?: (line: string) => void;
}

interface RestartRound {
  restart: number;
  how: 'SIGTERM' | 'SIGKILL';
  /** From the stop signal to the API listening again (its start included). */
  downMs: number;
  startMs: number;
  /** Clients not resynced within the limit and one retry more (the next restart runs anyway). */
  notResynced: number;
  /** From the API listening to the last client resynced (MARKETS full, AUTH_SUCCESS, the new balance held). */
  worstResyncMs: number;
  medianResyncMs: number;
  /** From the client's own try that reached the new API (or the API listening, if that try was earlier) to resynced. */
  worstFromRetryMs: number;
  /** Clients that tried after the API was listening and failed, so needed another retry. */
  missedRetries: number;
}

export interface RestartResult {
  kind: FaultStore['kind'];
  clients: number;
  rounds: RestartRound[];
  /** Client resyncs missed over all restarts. */
  notResynced: number;
  worstResyncMs: number;
  medianResyncMs: number;
  /** The worst resync counted from each client's own retry: what the API controls once a client is back. */
  worstFromRetryMs: number;
  missedRetries: number;
  final: Inspection;
  seconds: number;
}

interface Figures {
  baseBalance: string;
  timestamp: number;
}

/** One browser tab's live connection, as the shell runs it. */
class LiveClient {
  socket: WebSocket | null = null;
  /** When the socket now open (or opening) was asked for. */
  attemptedAt = 0;
  /** Every attempt to open a socket (performance.now()). */
  readonly attempts: number[] = [];
  openedAt = 0;
  marketsAt = 0;
  authAt = 0;
  rereadAt = 0;
  /** When the figures held last changed. */
  figuresAt = 0;
  figures: Figures | null = null;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: () => string,
    private readonly base: () => string,
    readonly user: FaultUser,
  ) {}

  start(): void {
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.socket?.close(1000, 'stop');
  }

  /** Resynced on a socket opened after `since`. */
  syncedSince(since: number, balance: string): number | null {
    if (this.openedAt < since || !this.marketsAt || !this.authAt || !this.rereadAt) return null;
    if (this.figures?.baseBalance !== balance) return null;
    return Math.max(this.marketsAt, this.authAt, this.rereadAt, this.figuresAt);
  }

  /** Newer figures only (the account page's rule: a late frame never puts back an older balance). */
  private hold(figures: Figures): void {
    if (this.figures && figures.timestamp < this.figures.timestamp) return;
    if (this.figures?.baseBalance !== figures.baseBalance) this.figuresAt = performance.now();
    this.figures = figures;
  }

  private open(): void {
    if (this.stopped) return;
    this.attemptedAt = performance.now();
    this.attempts.push(this.attemptedAt);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.on('open', () => {
      this.openedAt = performance.now();
      this.marketsAt = 0;
      this.authAt = 0;
      this.rereadAt = 0;
      socket.send(JSON.stringify({ type: 'SUBSCRIBE', topics: ['home'] }));
      socket.send(JSON.stringify({ type: 'USER_AUTH', token: this.user.token }));
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; full?: boolean; userId?: string; mode?: string } & Partial<Figures>;
      if (frame.type === 'MARKETS' && frame.full) this.marketsAt ||= performance.now();
      else if (frame.type === 'USER_BALANCE_UPDATE' && frame.userId === this.user.userId && (frame.mode ?? 'demo') === 'demo') {
        this.hold({ baseBalance: frame.baseBalance!, timestamp: frame.timestamp! });
      } else if (frame.type === 'AUTH_SUCCESS') {
        this.authAt = performance.now();
        void this.reread(socket);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.socket === socket) this.socket = null;
      if (!this.stopped && code !== 1000) {
        this.retry = setTimeout(() => {
          this.retry = null;
          this.open();
        }, RETRY_MS);
      }
    });
  }

  private async reread(socket: WebSocket): Promise<void> {
    const res = await call(this.base(), endpointPath(accountsEndpoints.getUserInfo), { token: this.user.token });
    if (!res.ok || res.body.code !== '200' || this.socket !== socket) return;
    const account = (res.body.result as { account: Figures & { mode: string } }).account;
    if (account.mode === 'demo') this.hold({ baseBalance: account.baseBalance, timestamp: account.timestamp });
    this.rereadAt = performance.now();
  }
}

async function balanceOf(base: string, user: FaultUser): Promise<string> {
  const res = await call(base, endpointPath(accountsEndpoints.getUserInfo), { token: user.token });
  if (!res.ok || res.body.code !== '200') throw new Error(`getUserInfo: ${JSON.stringify(res)}`);
  return (res.body.result as { account: Figures }).account.baseBalance;
}

export async function runRestartScenario(store: FaultStore, options: RestartOptions): Promise<RestartResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const limit = options.resyncLimitMs ?? 6_000;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await FaultServer.start(store, port);
  const users: FaultUser[] = [];
  for (let i = 0; i < (options.users ?? 10); i += 1) users.push(await signUpOver(base, 'restart'));
  const clients = users.flatMap((user) =>
    Array.from(
      { length: options.socketsPerUser ?? 10 },
      () =>
        new LiveClient(
          () => `ws://127.0.0.1:${port}${LIVE_PATH}`,
          () => base,
          user,
        ),
    ),
  );
  const rounds: RestartRound[] = [];
  try {
    for (const c of clients) c.start();
    const expected = new Map<string, string>();
    for (const user of users) expected.set(user.userId, await balanceOf(base, user));
    await waitFor(() => clients.every((c) => c.syncedSince(0, expected.get(c.user.userId)!) !== null), 30_000, 'the clients to sign in');

    for (let restart = 1; restart <= options.restarts; restart += 1) {
      const how = restart % 2 === 1 ? 'SIGTERM' : 'SIGKILL';
      const down = performance.now();
      await (how === 'SIGTERM' ? server.stop() : server.kill());
      server = await FaultServer.start(store, port);
      const ready = performance.now();
      // While the clients are still away (their next try is up to 5 s off): every user's balance changes.
      await Promise.all(
        users.map(async (user) => {
          const res = await call(base, endpointPath(tradingEndpoints.buyContracts), {
            token: user.token,
            key: `restart-${restart}-${randomUUID()}`,
            body: { instrumentId: 2, side: 'buy', lots: '0.001', leverage: 1 },
          });
          if (!res.ok || res.body.code !== '200') throw new Error(`buyContracts: ${JSON.stringify(res)}`);
        }),
      );
      await Promise.all(users.map(async (user) => expected.set(user.userId, await balanceOf(base, user))));
      const changed = performance.now();
      // A client not back within the limit and a retry more is counted as not resynced, and the next restart runs.
      const synced = (c: LiveClient) => c.syncedSince(ready, expected.get(c.user.userId)!);
      await waitFor(() => clients.every((c) => synced(c) !== null), limit + RETRY_MS + 30_000, 'every client to resync', 20).catch(
        () => undefined,
      );
      const at = (pick: (c: LiveClient) => number) => Math.round(median(clients.map((c) => pick(c) - ready)));
      log(
        `  changed in ${Math.round(changed - ready)} ms; medians from ready: asked ${at((c) => c.attemptedAt)}, open ${at((c) => c.openedAt)}, markets ${at((c) => c.marketsAt)}, ` +
          `auth ${at((c) => c.authAt)}, reread ${at((c) => c.rereadAt)}, figures ${at((c) => c.figuresAt)}`,
      );
      const times = clients.flatMap((c) => {
        const at = synced(c);
        return at === null ? [] : [at - ready];
      });
      // Counted from the client's own try: the API cannot answer a client before it comes back (up to RETRY_MS).
      const fromRetry = clients.flatMap((c) => {
        const at = synced(c);
        return at === null ? [] : [at - Math.max(ready, c.attemptedAt)];
      });
      const missedRetries = clients.filter((c) => c.attempts.some((t) => t >= ready && t < c.attemptedAt)).length;
      const round: RestartRound = {
        restart,
        how,
        downMs: Math.round(ready - down),
        startMs: server.startMs,
        notResynced: clients.length - times.length,
        worstResyncMs: times.length ? Math.round(Math.max(...times)) : NaN,
        medianResyncMs: Math.round(median(times)),
        worstFromRetryMs: fromRetry.length ? Math.round(Math.max(...fromRetry)) : NaN,
        missedRetries,
      };
      rounds.push(round);
      log(
        `restart ${restart} (${how}): down ${round.downMs} ms, resync worst ${round.worstResyncMs} ms, median ${round.medianResyncMs} ms, ` +
          `worst from the client's own retry ${round.worstFromRetryMs} ms, missed retries ${round.missedRetries}, not resynced ${round.notResynced}`,
      );
    }
  } finally {
    for (const c of clients) c.stop();
    await server.stop();
  }
  const final = await inspectStore(store);
  return {
    kind: store.kind,
    clients: clients.length,
    rounds,
    notResynced: rounds.reduce((n, r) => n + r.notResynced, 0),
    worstResyncMs: Math.max(...rounds.map((r) => r.worstResyncMs)),
    medianResyncMs: Math.round(median(rounds.map((r) => r.medianResyncMs))),
    worstFromRetryMs: Math.max(...rounds.map((r) => r.worstFromRetryMs)),
    missedRetries: rounds.reduce((n, r) => n + r.missedRetries, 0),
    final,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
