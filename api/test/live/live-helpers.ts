import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { expect } from 'vitest';
import { auth } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { moveCash } from '../ledger-helpers.ts';
import { serverFrame } from '@meridian/contracts/schemas';
import type { MarketsFrame, ServerFrame, TicksFrame } from '@meridian/contracts';
import type { Catalogue } from '../../src/market/catalogue/catalogue.ts';
import type { Database } from '../../src/db/database.ts';
import type { FeedTick, MarketFeed } from '../../src/market/market-feed.ts';
import type { MarketService } from '../../src/market/market-service.ts';

/** A frame as received, with the moment it arrived (ms, this process's clock). */
type Received = ServerFrame & { at: number };

export interface LiveSocket {
  ws: WebSocket;
  /** Every frame so far, checked against the contract's schema as it arrives. */
  frames: Received[];
  send(frame: unknown): void;
  ticks(): (TicksFrame & { at: number })[];
  markets(): (MarketsFrame & { at: number })[];
  close(): void;
}

/** The `ws://` address of a listening app's live connection. */
export function liveUrl(app: FastifyInstance): string {
  const address = app.server.address() as { port: number };
  return `ws://127.0.0.1:${address.port}/ws`;
}

/** Opens a live connection and keeps every frame it receives; a frame outside the contract fails the test. */
export async function openSocket(app: FastifyInstance): Promise<LiveSocket> {
  const ws = new WebSocket(liveUrl(app));
  const frames: Received[] = [];
  const errors: unknown[] = [];
  ws.on('message', (data) => {
    const parsed = serverFrame.safeParse(JSON.parse(String(data)));
    if (!parsed.success) errors.push(parsed.error);
    else frames.push({ ...parsed.data, at: Date.now() });
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const check = () => {
    if (errors.length > 0) throw new Error(`frame outside the contract: ${String(errors[0])}`);
  };
  return {
    ws,
    frames,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    ticks: () => (check(), frames.filter((f): f is TicksFrame & { at: number } => f.type === 'TICKS')),
    markets: () => (check(), frames.filter((f): f is MarketsFrame & { at: number } => f.type === 'MARKETS')),
    close: () => ws.close(),
  };
}

/** A market with nothing in it, for a live server alone: the first frame is an empty picture and no ticks follow. */
export const emptyMarket = {
  simulated: true,
  catalogue: { homeIds: () => [], ofType: () => [], byId: () => undefined },
  book: { item: () => undefined, tick: () => undefined },
  onTicks: () => () => undefined,
} as unknown as MarketService;

/** The frames about the socket's user: not market data, not answers to PING. */
export const userFrames = (socket: LiveSocket) =>
  socket.frames.filter((f) => f.type !== 'MARKETS' && f.type !== 'TICKS' && f.type !== 'PONG');

/**
 * A socket signed in with a token (USER_AUTH): resolves once AUTH_SUCCESS came, or with `alone`, once
 * it is the only frame about the user so far.
 */
export async function signedInSocket(app: FastifyInstance, token: string, { alone = false } = {}): Promise<LiveSocket> {
  const socket = await openSocket(app);
  socket.send({ type: 'USER_AUTH', token });
  if (alone) await expect.poll(() => userFrames(socket).map((f) => f.type), { timeout: 5000 }).toEqual(['AUTH_SUCCESS']);
  else await expect.poll(() => socket.frames.some((f) => f.type === 'AUTH_SUCCESS'), { timeout: 5000 }).toBe(true);
  return socket;
}

/**
 * Waits until every frame the server sent this socket before now has arrived: a PING is answered
 * after them on the same connection, so once its PONG is here nothing sent earlier is still on its way.
 */
export async function drained(socket: LiveSocket): Promise<void> {
  const pongs = () => socket.frames.filter((f) => f.type === 'PONG').length;
  const before = pongs();
  socket.send({ type: 'PING' });
  await expect.poll(pongs, { timeout: 5000 }).toBe(before + 1);
}

/** Makes a balance change for a user (their demo balance is reset to 100,000 through the API). */
export async function changeBalance(api: { app: FastifyInstance; database: { db: Database } }, user: SignedUp): Promise<void> {
  await moveCash(api.database.db, user.userId, 'demo', '-99995');
  const res = await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/resetDemo', headers: auth(user.token) });
  expect(res.json().code).toBe('200');
}

/**
 * A feed whose ticks the test decides: `push` queues one batch for the next poll, `auto` makes every
 * poll move the given instruments by one tick (up). Prices are kept per instrument from `resume`.
 */
export class ScriptedFeed implements MarketFeed {
  readonly simulated = true;
  catalogue: Catalogue | null = null;
  readonly prices = new Map<number, string>();
  private readonly queue: FeedTick[][] = [];
  private auto: readonly number[] = [];
  private step = 1;
  polls = 0;

  /** The `feed` option of the API. */
  readonly factory = (catalogue: Catalogue): MarketFeed => {
    this.catalogue = catalogue;
    return this;
  };

  resume(prices: ReadonlyMap<number, string>): void {
    for (const [id, price] of prices) this.prices.set(id, price);
  }

  push(ticks: FeedTick[]): void {
    this.queue.push(ticks);
  }

  /** Batches pushed and not polled yet. */
  get queued(): number {
    return this.queue.length;
  }

  /** Moves these instruments `ticks` tick sizes up on every poll (no ids: stop). */
  moveEveryPoll(ids: readonly number[], ticks = 1): void {
    this.auto = ids;
    this.step = ticks;
  }

  /** The price one tick above the last one of an instrument. */
  up(id: number, ticks = 1): string {
    const instrument = this.catalogue!.byId(id)!;
    const next = instrument.tickSize.mul(ticks).plus(this.prices.get(id)!);
    return next.toFixed(instrument.tickSize.decimalPlaces());
  }

  poll(): FeedTick[] {
    this.polls += 1;
    const batch = this.queue.shift() ?? this.auto.map((id) => ({ id, price: this.up(id, this.step), volume: '1.00' }));
    for (const tick of batch) this.prices.set(tick.id, tick.price);
    return batch;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
