import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { FeedTick } from '../../src/market/market-feed.ts';
import { TickerFeed } from '../../src/market/ticker-feed.ts';
import { instrument } from './market-fixtures.ts';

const BTC = instrument({ id: 1, code: 'BTC/USDT', tickSize: new Decimal('0.01') });
const ETH = instrument({ id: 2, code: 'ETH/USDT', tickSize: new Decimal('0.01'), anchorPrice: new Decimal('3200.00') });
const SHIB = instrument({ id: 3, code: 'SHIB/USDT', tickSize: new Decimal('0.00000001'), anchorPrice: new Decimal('0.00001234') });
const AAPL = instrument({ id: 4, code: 'AAPL', type: 3, session: 'us-equity', anchorPrice: new Decimal('190.00') });

/** One entry of the provider's `!miniTicker@arr` stream. */
const mini = (s: string, c: string, q: string, extra: object = {}) => ({
  e: '24hrMiniTicker',
  E: 1_795_000_000_000,
  s,
  c,
  o: c,
  h: c,
  l: c,
  v: '1000',
  q,
  ...extra,
});

/** A local stand-in for the provider: keeps its connections and the order they came in. */
let server: WebSocketServer;
let url: string;
const connections: WebSocket[] = [];
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket) => connections.push(socket));
});
afterAll(async () => {
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

const feeds: TickerFeed[] = [];
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.close();
});

/** A feed over the four instruments, connected to the fake provider (its connection is returned). */
async function connectedFeed(): Promise<{ feed: TickerFeed; socket: WebSocket }> {
  const before = connections.length;
  const feed = new TickerFeed({ url, instruments: [BTC, ETH, SHIB, AAPL], retryMs: 30 });
  feeds.push(feed);
  await expect.poll(() => connections.length).toBe(before + 1);
  return { feed, socket: connections[connections.length - 1]! };
}

/** Sends one provider message and waits until the feed has something to poll. */
async function deliver(feed: TickerFeed, socket: WebSocket, message: unknown): Promise<FeedTick[]> {
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  let ticks: FeedTick[] = [];
  await expect
    .poll(() => {
      ticks = feed.poll();
      return ticks.length;
    })
    .toBeGreaterThan(0);
  return ticks;
}

const byId = (ticks: FeedTick[]) => Object.fromEntries(ticks.map((t) => [t.id, t]));

describe('ticker feed (a provider mini-ticker stream)', () => {
  it('is a real feed, not the simulator', async () => {
    const { feed } = await connectedFeed();
    expect(feed.simulated).toBe(false);
    expect(feed.poll()).toEqual([]);
  });

  it('maps BTCUSDT to BTC/USDT and rounds the price to the tick size (half up)', async () => {
    const { feed, socket } = await connectedFeed();
    const ticks = await deliver(feed, socket, [
      mini('BTCUSDT', '65000.005', '1000000'),
      mini('ETHUSDT', '3210.124999', '500000'),
      mini('SHIBUSDT', '0.000012345', '70'),
    ]);
    expect(byId(ticks)).toEqual({
      1: { id: 1, price: '65000.01', volume: '0.00' },
      2: { id: 2, price: '3210.12', volume: '0.00' },
      3: { id: 3, price: '0.00001235', volume: '0.00' },
    });
    // Polling takes the ticks: nothing is handed out twice.
    expect(feed.poll()).toEqual([]);
  });

  it('counts volume as the growth of the 24 h quote volume between updates, never negative', async () => {
    const { feed, socket } = await connectedFeed();
    await deliver(feed, socket, [mini('BTCUSDT', '65000', '1000000')]);
    // Same price, more volume: still a tick, carrying the traded value.
    expect(await deliver(feed, socket, [mini('BTCUSDT', '65000', '1000250.5')])).toEqual([{ id: 1, price: '65000.00', volume: '250.50' }]);
    // Two updates before a poll (handed in directly, so no network timing decides): one tick, the
    // last price, the volumes added up.
    feed.receive(JSON.stringify([mini('BTCUSDT', '65001', '1000300.5')]));
    feed.receive(JSON.stringify([mini('BTCUSDT', '65002.5', '1000301')]));
    expect(feed.poll()).toEqual([{ id: 1, price: '65002.50', volume: '50.50' }]);
    // The 24 h window rolled and the total shrank: a price change counts no volume.
    expect(await deliver(feed, socket, [mini('BTCUSDT', '64990', '900000')])).toEqual([{ id: 1, price: '64990.00', volume: '0.00' }]);
    // Nothing changed at all: no tick.
    socket.send(JSON.stringify([mini('BTCUSDT', '64990.001', '900000')]));
    expect(await deliver(feed, socket, [mini('ETHUSDT', '3000', '1')])).toEqual([{ id: 2, price: '3000.00', volume: '0.00' }]);
  });

  it('ignores malformed entries, malformed messages and symbols it does not list', async () => {
    const { feed, socket } = await connectedFeed();
    for (const junk of ['not json', '{"e":"24hrMiniTicker"}', JSON.stringify({ stream: 5, data: [] }), '42', 'null']) socket.send(junk);
    const ticks = await deliver(feed, socket, [
      mini('DOGEUSDT', '0.1', '1'), // not listed
      mini('ETHBTC', '0.05', '1'), // not listed
      mini('BTCUSDT', 'abc', '1'), // not a price
      mini('BTCUSDT', '-5', '1'),
      mini('BTCUSDT', '1e5', '1'),
      mini('BTCUSDT', '65000', 'lots'),
      mini('btcusdt', '65000', '1'),
      { ...mini('BTCUSDT', '65000', '1'), e: '24hrTicker' },
      { s: 'BTCUSDT', c: '65000', q: '1' },
      mini('SHIBUSDT', '0.000000001', '1'), // rounds to zero: not a price
      null,
      'BTCUSDT',
      mini('ETHUSDT', '3100.5', '10'), // the one good entry
    ]);
    expect(ticks).toEqual([{ id: 2, price: '3100.50', volume: '0.00' }]);
  });

  it('takes the combined-stream envelope too ({stream, data})', async () => {
    const { feed, socket } = await connectedFeed();
    const ticks = await deliver(feed, socket, { stream: '!miniTicker@arr', data: [mini('AAPL', '191.234', '5')] });
    expect(ticks).toEqual([{ id: 4, price: '191.23', volume: '0.00' }]);
  });

  it('resume seeds the last prices: an update at that price with no volume is not a tick', async () => {
    const { feed, socket } = await connectedFeed();
    feed.resume(new Map([[1, '65000.00']]));
    socket.send(JSON.stringify([mini('BTCUSDT', '65000.00', '10')]));
    expect(await deliver(feed, socket, [mini('ETHUSDT', '3000', '1')])).toEqual([{ id: 2, price: '3000.00', volume: '0.00' }]);
  });

  it('reconnects after the provider drops the connection, and stops when closed', async () => {
    const { feed, socket } = await connectedFeed();
    const before = connections.length;
    socket.terminate();
    await expect.poll(() => connections.length, { timeout: 5000 }).toBe(before + 1);
    const again = connections[connections.length - 1]!;
    expect(await deliver(feed, again, [mini('BTCUSDT', '66000', '1')])).toEqual([{ id: 1, price: '66000.00', volume: '0.00' }]);
    // A graceful close from the provider side is a drop too.
    again.close();
    await expect.poll(() => connections.length, { timeout: 5000 }).toBe(before + 2);
    feed.close();
    await expect.poll(() => connections[connections.length - 1]!.readyState, { timeout: 5000 }).toBe(WebSocket.CLOSED);
    const count = connections.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connections.length).toBe(count);
  });

  it('keeps retrying while the provider is unreachable', async () => {
    const errors: unknown[] = [];
    const unreachable = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(unreachable, 'listening');
    const port = (unreachable.address() as AddressInfo).port;
    await new Promise((resolve) => unreachable.close(resolve));
    const feed = new TickerFeed({ url: `ws://127.0.0.1:${port}`, instruments: [BTC], retryMs: 20, onError: (e) => errors.push(e) });
    feeds.push(feed);
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    // The provider comes back on that port: the feed connects and its ticks flow.
    const back = new WebSocketServer({ port, host: '127.0.0.1' });
    const socket = (await once(back, 'connection'))[0] as WebSocket;
    try {
      expect(await deliver(feed, socket, [mini('BTCUSDT', '1.234', '1')])).toEqual([{ id: 1, price: '1.23', volume: '0.00' }]);
    } finally {
      feed.close();
      for (const client of back.clients) client.terminate();
      await new Promise((resolve) => back.close(resolve));
    }
  });
});
