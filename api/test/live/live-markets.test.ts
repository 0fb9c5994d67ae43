import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_MARKET_TOPICS } from '@meridian/contracts';
import { SUBSCRIBE_ALLOWANCE } from '../../src/live/live-server.ts';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { ScriptedFeed, openSocket, sleep } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';

/*
 * Market data on the live connection, through a real socket. The feed is scripted: the test decides
 * which instruments move, so every frame can be checked against what changed.
 */
const TICK_MS = 20;
const FRAME_MS = 200;

const feed = new ScriptedFeed();
const api = withTestApi({ feed: feed.factory, liveTickMs: TICK_MS, liveFrameMs: FRAME_MS }, { listen: true });
const sockets: LiveSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

const catalogue = () => api.app.market.catalogue;
const idsOfType = (type: number) =>
  catalogue()
    .ofType(type)
    .map((i) => i.id);
/** The first instruments of every market type: what the feed moves unless a test says otherwise. */
const someOfEveryType = () => [1, 2, 3, 4, 5, 6].flatMap((type) => idsOfType(type).slice(0, 2));

async function connect(topics?: string[]): Promise<LiveSocket> {
  const socket = await openSocket(api.app);
  sockets.push(socket);
  await expect.poll(() => socket.markets().length, { timeout: 5000 }).toBe(1);
  if (topics) {
    socket.send({ type: 'SUBSCRIBE', topics });
    await expect.poll(() => socket.markets().length, { timeout: 5000 }).toBe(2);
  }
  return socket;
}

/** Waits until the socket has had no frame for two frame intervals. */
async function quiet(socket: LiveSocket): Promise<void> {
  for (;;) {
    const count = socket.frames.length;
    await sleep(FRAME_MS * 2);
    if (socket.frames.length === count) return;
  }
}

/** The TICKS frames a socket received after the first `from` frames. */
const ticksAfter = (socket: LiveSocket, from: number) => socket.frames.slice(from).filter((f) => f.type === 'TICKS');

describe(`live market frames (${databaseKind})`, () => {
  it('sends the home list first: a full MARKETS frame of the home topic, with series', async () => {
    const socket = await connect();
    const [first] = socket.frames;
    expect(first).toMatchObject({ type: 'MARKETS', full: true, simulated: true });
    if (first?.type !== 'MARKETS') throw new Error('MARKETS first');
    expect(first.data.map((item) => item.id)).toEqual(catalogue().homeIds());
    for (const item of first.data) {
      expect(item).toMatchObject(api.app.market.book.item(item.id, true)!);
      expect(item.hundred.length).toBeGreaterThan(0);
    }
  });

  it('SUBSCRIBE type:1 answers a full picture of type 1 only; after it, TICKS carry type-1 ids only', async () => {
    feed.moveEveryPoll(someOfEveryType());
    const forex = await connect(['type:1']);
    const crypto = await connect(['type:2']);
    const picture = forex.markets()[1]!;
    expect(picture.full).toBe(true);
    expect(picture.data.map((item) => item.id)).toEqual(idsOfType(1));
    expect(picture.data.every((item) => item.type === 1 && item.hundred.length === 0)).toBe(true);
    expect(crypto.markets()[1]!.data.map((item) => item.id)).toEqual(idsOfType(2));
    const [fromForex, fromCrypto] = [forex.frames.length, crypto.frames.length];
    await expect.poll(() => ticksAfter(forex, fromForex).length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => ticksAfter(crypto, fromCrypto).length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const type1 = new Set(idsOfType(1));
    const moved = new Set(someOfEveryType());
    const seen = (socket: LiveSocket, from: number) => ticksAfter(socket, from).flatMap((f) => (f.type === 'TICKS' ? f.data : []));
    for (const [id] of seen(forex, fromForex)) expect(type1.has(id), `id ${id} on a type:1 connection`).toBe(true);
    for (const [id] of seen(crypto, fromCrypto)) {
      expect(type1.has(id), `type-1 id ${id} on a type:2 connection`).toBe(false);
      expect(catalogue().byId(id)!.type).toBe(2);
    }
    // The moving instruments of each type were all seen there.
    expect(new Set(seen(forex, fromForex).map(([id]) => id))).toEqual(new Set([...moved].filter((id) => type1.has(id))));
    expect(new Set(seen(crypto, fromCrypto).map(([id]) => id))).toEqual(new Set(idsOfType(2).slice(0, 2)));
    // Never a type-1 id on the type:2 connection, from its type:2 picture on (before it, the connection
    // watched the home list, whose ticks may arrive while the SUBSCRIBE is on its way).
    const pictureAt = crypto.frames.indexOf(crypto.markets()[1]!);
    expect(pictureAt).toBeGreaterThan(0);
    for (const frame of crypto.frames.slice(pictureAt)) {
      const ids = frame.type === 'TICKS' ? frame.data.map(([id]) => id) : frame.type === 'MARKETS' ? frame.data.map((i) => i.id) : [];
      for (const id of ids) expect(type1.has(id)).toBe(false);
    }
  });

  it('single instruments (id:N) come without their series (rows of a list); an unknown id is simply not there', async () => {
    const [btc, eurusd] = [idsOfType(2)[0]!, idsOfType(1)[0]!];
    const socket = await connect([`id:${btc}`, `id:${eurusd}`, 'id:999999999']);
    const picture = socket.markets()[1]!;
    expect(picture.data.map((item) => item.id).sort()).toEqual([btc, eurusd].sort());
    for (const item of picture.data) expect(item.hundred).toEqual([]);
  });

  it('a TICKS frame carries exactly the instruments whose price changed, as the book has them', async () => {
    feed.moveEveryPoll([]);
    const socket = await connect(['type:2']);
    await quiet(socket);
    const [a, b, c] = idsOfType(2);
    const from = socket.frames.length;
    // a moves; b is sent at the price it already has (no change).
    feed.push([
      { id: a!, price: feed.up(a!, 3), volume: '12.50' },
      { id: b!, price: feed.prices.get(b!)!, volume: '1.00' },
    ]);
    await expect.poll(() => ticksAfter(socket, from).length, { timeout: 5000 }).toBe(1);
    const frame = ticksAfter(socket, from)[0]!;
    if (frame.type !== 'TICKS') throw new Error('TICKS');
    expect(frame.data).toEqual([api.app.market.book.tick(a!)]);
    expect(frame.data[0]![1]).toBe(feed.prices.get(a!));
    expect(frame.simulated).toBe(true);
    expect(c).toBeDefined();
    // Ticks that change no price send nothing at all.
    feed.push([{ id: c!, price: feed.prices.get(c!)!, volume: '2.00' }]);
    await expect.poll(() => feed.queued, { timeout: 5000 }).toBe(0);
    await quiet(socket);
    expect(ticksAfter(socket, from)).toHaveLength(1);
    // Two instruments move in one poll: one frame with both.
    feed.push([
      { id: b!, price: feed.up(b!), volume: '1.00' },
      { id: c!, price: feed.up(c!), volume: '1.00' },
    ]);
    await expect.poll(() => ticksAfter(socket, from).length, { timeout: 5000 }).toBe(2);
    const second = ticksAfter(socket, from)[1]!;
    if (second.type !== 'TICKS') throw new Error('TICKS');
    expect(new Map(second.data.map((t) => [t[0], t]))).toEqual(new Map([b!, c!].map((id) => [id, api.app.market.book.tick(id)])));
  });

  it(`sends at most one frame per ${FRAME_MS} ms per connection, gathering the ticks in between`, async () => {
    const btc = idsOfType(2)[0]!;
    const socket = await connect([`id:${btc}`]);
    feed.moveEveryPoll([btc]);
    await expect.poll(() => socket.ticks().length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const from = socket.frames.length;
    const polls = feed.polls;
    const windowMs = 1500;
    await sleep(windowMs);
    const frames = ticksAfter(socket, from);
    feed.moveEveryPoll([]);
    // The feed moved it every poll (many more times than frames were sent).
    expect(feed.polls - polls).toBeGreaterThan((windowMs / FRAME_MS) * 2);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(windowMs / FRAME_MS) + 1);
    // Each frame has the newest price: several ticks of movement between frames, always up.
    const prices = frames.map((f) => (f.type === 'TICKS' ? f.data.find(([id]) => id === btc)![1] : ''));
    const tickSize = catalogue().byId(btc)!.tickSize;
    const moves = prices.slice(1).map((p, i) => new Decimal(p).minus(prices[i]!).div(tickSize).toNumber());
    for (const move of moves) expect(move).toBeGreaterThan(0);
    expect(moves.reduce((sum, m) => sum + m, 0) / moves.length).toBeGreaterThan(2);
  });

  it('answers at most the allowance of SUBSCRIBE frames in a window; the newest one past it is applied when the window has room', async () => {
    const window = SUBSCRIBE_ALLOWANCE.windowMs;
    SUBSCRIBE_ALLOWANCE.windowMs = 1500;
    try {
      const socket = await connect();
      const from = socket.markets().length;
      for (let i = 0; i < SUBSCRIBE_ALLOWANCE.count + 15; i += 1) socket.send({ type: 'SUBSCRIBE', topics: [i % 2 ? 'type:1' : 'type:5'] });
      socket.send({ type: 'SUBSCRIBE', topics: ['type:6'] });
      // The flood's pictures up to the allowance arrive; a PONG proves the rest was read (and held).
      const sent = socket.frames.length;
      socket.send({ type: 'PING' });
      await expect.poll(() => socket.frames.slice(sent).some((f) => f.type === 'PONG'), { timeout: 5000 }).toBe(true);
      expect(socket.markets().length - from).toBe(SUBSCRIBE_ALLOWANCE.count);
      // Then, once the window frees, exactly one more picture: the last topics asked for.
      await expect.poll(() => socket.markets().length - from, { timeout: 5000 }).toBe(SUBSCRIBE_ALLOWANCE.count + 1);
      const last = socket.markets().at(-1)!;
      expect(last.data.length).toBeGreaterThan(0);
      expect(last.data.every((item) => item.type === 6)).toBe(true);
    } finally {
      SUBSCRIBE_ALLOWANCE.windowMs = window;
    }
  });

  it('ignores an invalid SUBSCRIBE: no answer, no crash, the connection keeps its topics', async () => {
    const socket = await connect(['type:1']);
    feed.moveEveryPoll(someOfEveryType());
    for (const bad of [
      { type: 'SUBSCRIBE', topics: ['type:9'] },
      { type: 'SUBSCRIBE', topics: ['type:1', 'type:7'] },
      { type: 'SUBSCRIBE', topics: ['bogus'] },
      { type: 'SUBSCRIBE', topics: ['id:0'] },
      { type: 'SUBSCRIBE', topics: ['id:1234567890'] },
      { type: 'SUBSCRIBE', topics: 'type:2' },
      { type: 'SUBSCRIBE' },
      { type: 'SUBSCRIBE', topics: Array.from({ length: MAX_MARKET_TOPICS + 1 }, (_, i) => `id:${i + 1}`) },
      { type: 'SUBSCRIBE', topics: [{ topic: 'type:2' }] },
    ]) {
      socket.send(bad);
    }
    const from = socket.frames.length;
    socket.send({ type: 'PING' });
    await expect.poll(() => socket.frames.slice(from).some((f) => f.type === 'PONG'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => ticksAfter(socket, from).length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    feed.moveEveryPoll([]);
    expect(socket.markets()).toHaveLength(2);
    const type1 = new Set(idsOfType(1));
    for (const frame of ticksAfter(socket, from)) {
      if (frame.type === 'TICKS') for (const [id] of frame.data) expect(type1.has(id)).toBe(true);
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    // The server is fine too: a new connection gets its first frame.
    const other = await connect();
    expect(other.markets()[0]!.full).toBe(true);
  });

  it('SUBSCRIBE replaces the topics: the connection gets the new picture and only its ticks', async () => {
    const socket = await connect(['type:1']);
    socket.send({ type: 'SUBSCRIBE', topics: ['type:3', 'type:6'] });
    await expect.poll(() => socket.markets().length, { timeout: 5000 }).toBe(3);
    const picture = socket.markets()[2]!;
    expect(new Set(picture.data.map((item) => item.id))).toEqual(new Set([...idsOfType(3), ...idsOfType(6)]));
    const from = socket.frames.length;
    feed.moveEveryPoll(someOfEveryType());
    await expect.poll(() => ticksAfter(socket, from).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    feed.moveEveryPoll([]);
    for (const frame of ticksAfter(socket, from)) {
      if (frame.type === 'TICKS') for (const [id] of frame.data) expect([3, 6]).toContain(catalogue().byId(id)!.type);
    }
    // An empty list watches nothing.
    socket.send({ type: 'SUBSCRIBE', topics: [] });
    await expect.poll(() => socket.markets().length, { timeout: 5000 }).toBe(4);
    expect(socket.markets()[3]!.data).toEqual([]);
  });
});
