import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFrame } from '@meridian/contracts/schemas';
import type { ServerFrame } from '@meridian/contracts';
import { registerEnvelopeErrors } from '../../src/plugins/envelope.ts';
import { InProcessFabric, PNL_CHANNEL, RedisFabric } from '../../src/live/live-fabric.ts';
import type { LiveFabric } from '../../src/live/live-fabric.ts';
import { AUTH_ALLOWANCE, registerLiveServer } from '../../src/live/live-server.ts';
import type { LiveIdentity, LiveServerOptions } from '../../src/live/live-server.ts';
import { emptyMarket } from './live-helpers.ts';

/**
 * The live connection's defences, on a live server alone (no database, no feed): the test decides what
 * each token is and when its check answers, and what the fabric carries.
 */

const SITE = 'https://meridian.example';
const SOFT_BYTES = 16 * 1024;
/** The live server's hard limit is four times the soft one. */
const HARD_BYTES = 4 * SOFT_BYTES;

/** A token check the test answers by hand (`answer`), or at once for the tokens in `known`. */
class Tokens {
  readonly known = new Map<string, LiveIdentity>();
  readonly waiting = new Map<string, (identity: LiveIdentity | null) => void>();
  held = new Set<string>();
  readonly verify = (token: string): Promise<LiveIdentity | null> => {
    if (!this.held.has(token)) return Promise.resolve(this.known.get(token) ?? null);
    return new Promise((resolve) => this.waiting.set(token, resolve));
  };
  answer(token: string): void {
    const resolve = this.waiting.get(token);
    if (!resolve) throw new Error(`no check of ${token} is waiting`);
    this.waiting.delete(token);
    resolve(this.known.get(token) ?? null);
  }
}

const apps: FastifyInstance[] = [];
const opened: WebSocket[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  for (const app of apps.splice(0)) await app.close();
  for (const close of closers.splice(0)) await close();
});

async function liveServer(options: Partial<LiveServerOptions> = {}) {
  const tokens = new Tokens();
  const fabric = options.fabric ?? new InProcessFabric();
  const app = Fastify();
  registerEnvelopeErrors(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerLiveServer(app, {
    market: emptyMarket,
    verifyToken: tokens.verify,
    fabric,
    maxBufferedBytes: SOFT_BYTES,
    origins: [SITE],
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const port = (app.server.address() as { port: number }).port;
  return { app, tokens, fabric, port, url: `ws://127.0.0.1:${port}/ws` };
}

interface Client {
  ws: WebSocket;
  frames: ServerFrame[];
  closed: { code: number } | null;
  send(frame: unknown): void;
  /** The frames about its user (not market data). */
  user(): ServerFrame[];
  /** Sends PING and waits for its PONG: every frame the server sent before it has arrived. */
  settle(): Promise<void>;
}

async function connect(url: string, origin?: string): Promise<Client> {
  const ws = new WebSocket(url, origin ? { origin } : {});
  opened.push(ws);
  const client: Client = {
    ws,
    frames: [],
    closed: null,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    user: () => client.frames.filter((f) => f.type !== 'MARKETS' && f.type !== 'TICKS' && f.type !== 'PONG'),
    settle: async () => {
      const pongs = client.frames.filter((f) => f.type === 'PONG').length;
      ws.send(JSON.stringify({ type: 'PING' }));
      await expect.poll(() => client.frames.filter((f) => f.type === 'PONG').length).toBe(pongs + 1);
    },
  };
  ws.on('message', (data) => client.frames.push(serverFrame.parse(JSON.parse(String(data)))));
  ws.on('close', (code) => (client.closed = { code }));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return client;
}

/** Tries to open a connection; resolves with the HTTP status when the upgrade is refused. */
function refusal(url: string, origin?: string): Promise<{ status: number; body: string } | 'open'> {
  const ws = new WebSocket(url, origin ? { origin } : {});
  opened.push(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/** Records, before each frame the server sends, how much the server already holds unsent for that socket. */
function watchPeak(app: FastifyInstance): { peak: number } {
  const seen = { peak: 0 };
  for (const socket of app.websocketServer.clients) {
    const send = socket.send.bind(socket) as (data: unknown) => void;
    socket.send = ((data: unknown) => {
      seen.peak = Math.max(seen.peak, socket.bufferedAmount);
      send(data);
    }) as typeof socket.send;
  }
  return seen;
}

const pnl = (userId: string, entries: number) =>
  JSON.stringify({
    userId,
    mode: 'demo',
    data: Object.fromEntries(Array.from({ length: entries }, (_, i) => [String(i), { pnl: '1.25', pnlPercent: '0.50', price: '101.5' }])),
  });

describe('/ws hardening', () => {
  it("refuses a foreign Origin before the upgrade; the site's own, the addressed host and non-browsers get in", async () => {
    const { url, port } = await liveServer();
    for (const foreign of ['https://evil.example', 'https://meridian.example.evil.example', 'null', `http://127.0.0.1:${port + 1}`]) {
      const answer = await refusal(url, foreign);
      expect(answer, foreign).toMatchObject({ status: 403 });
      if (answer !== 'open') expect(JSON.parse(answer.body)).toEqual({ code: '403', message: 'origin not allowed', result: null });
    }
    expect(await refusal(url, SITE)).toBe('open');
    expect(await refusal(url, `http://127.0.0.1:${port}`)).toBe('open');
    expect(await refusal(url)).toBe('open');
  });

  it('holds at most the per-address number of connections; a closed one frees its place', async () => {
    const { url } = await liveServer({ socketsPerAddress: 3 });
    const three = [await connect(url), await connect(url), await connect(url)];
    expect(await refusal(url)).toMatchObject({ status: 429 });
    // Upgrades racing each other are counted too: none of them gets past the limit.
    const burst = await Promise.all(Array.from({ length: 5 }, () => refusal(url)));
    expect(burst.every((answer) => answer !== 'open')).toBe(true);
    three[0]!.ws.close();
    await expect.poll(async () => refusal(url)).toBe('open');
  });

  it('drops a socket that stops reading while it floods PINGs: what the server holds for it stays bounded', async () => {
    const { app, url } = await liveServer();
    const client = await connect(url);
    const tcp = (client.ws as unknown as { _socket: { pause(): void } })._socket;
    tcp.pause();
    const seen = watchPeak(app);
    let sent = 0;
    // Each PING is answered; a client that never reads the answers fills the kernel's buffers (a few MB
    // on loopback: some 250,000 PONGs), then the server's. Until the server drops it, or far past that.
    while (app.websocketServer.clients.size > 0 && sent < 1_000_000) {
      for (let i = 0; i < 5000; i += 1) client.send('{"type":"PING"}');
      sent += 5000;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(app.websocketServer.clients.size).toBe(0);
    expect(seen.peak).toBeLessThanOrEqual(HARD_BYTES + 64);
  });

  it("drops an authenticated socket that stops reading its user's frames; the user's other socket gets them all", async () => {
    const { app, url, tokens, fabric } = await liveServer();
    tokens.known.set('t', { userId: 'u1', sessionId: 's1' });
    const reader = await connect(url);
    const stalled = await connect(url);
    for (const client of [reader, stalled]) {
      client.send({ type: 'USER_AUTH', token: 't' });
      await expect.poll(() => client.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    }
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const seen = watchPeak(app);
    let pushed = 0;
    // 200 positions: about 13 KB a frame.
    while (app.websocketServer.clients.size > 1 && pushed < 2000) {
      for (let i = 0; i < 10; i += 1) await fabric.publish(PNL_CHANNEL, pnl('u1', 200));
      pushed += 10;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(app.websocketServer.clients.size).toBe(1);
    expect(seen.peak).toBeLessThanOrEqual(HARD_BYTES + 16 * 1024);
    await expect.poll(() => reader.user().length, { timeout: 10_000 }).toBe(1 + pushed);
  });

  it('USER_AUTH: the last frame sent wins, whatever order the checks finish in', async () => {
    const { url, tokens, fabric } = await liveServer();
    tokens.known.set('valid', { userId: 'u1', sessionId: 's1' });
    tokens.held = new Set(['valid', 'forged']);
    const client = await connect(url);
    // Valid, then invalid: the valid check answers last.
    client.send({ type: 'USER_AUTH', token: 'valid' });
    client.send({ type: 'USER_AUTH', token: 'forged' });
    await expect.poll(() => tokens.waiting.size).toBe(2);
    tokens.answer('forged');
    tokens.answer('valid');
    await fabric.publish(PNL_CHANNEL, pnl('u1', 1));
    await client.settle();
    expect(client.user()).toEqual([{ type: 'AUTH_FAILED', message: 'invalid token' }]);
    // Invalid, then valid: the invalid check answers last.
    client.send({ type: 'USER_AUTH', token: 'forged' });
    client.send({ type: 'USER_AUTH', token: 'valid' });
    await expect.poll(() => tokens.waiting.size).toBe(2);
    tokens.answer('valid');
    tokens.answer('forged');
    await client.settle();
    await fabric.publish(PNL_CHANNEL, pnl('u1', 1));
    await client.settle();
    expect(client.user().map((f) => f.type)).toEqual(['AUTH_FAILED', 'AUTH_SUCCESS', 'REAL_TIME_PNL']);
  });

  it('closes a socket that floods USER_AUTH frames (1008); the allowance itself is answered', async () => {
    const { url, tokens } = await liveServer();
    tokens.known.set('t', { userId: 'u1', sessionId: 's1' });
    const client = await connect(url);
    for (let i = 0; i < AUTH_ALLOWANCE.count; i += 1) {
      client.send({ type: 'USER_AUTH', token: 't' });
      await expect.poll(() => client.user().length).toBe(i + 1);
    }
    expect(client.closed).toBeNull();
    client.send({ type: 'USER_AUTH', token: 't' });
    await expect.poll(() => client.closed).toEqual({ code: 1008 });
    expect(client.user()).toHaveLength(AUTH_ALLOWANCE.count);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  const fabrics: [string, () => Promise<[LiveFabric, LiveFabric]>][] = [
    [
      'in process',
      async () => {
        const one = new InProcessFabric();
        return [one, one];
      },
    ],
  ];
  if (redisUrl) {
    fabrics.push([
      'Redis',
      async () => {
        const prefix = `meridian-test:${randomUUID()}:`;
        return [await new RedisFabric(redisUrl, prefix).connect(), await new RedisFabric(redisUrl, prefix).connect()];
      },
    ]);
  }
  it.each(fabrics)("a session ended on one node stops its sockets' user frames on every node at once (%s)", async (_kind, makeFabrics) => {
    const [fabric, fabricB] = await makeFabrics();
    closers.push(
      () => fabric.close(),
      () => fabricB.close(),
    );
    const ends = new EventEmitter<{ ended: [string[]] }>();
    const onSessionsEnded = (listener: (ids: string[]) => void) => {
      ends.on('ended', listener);
      return () => ends.off('ended', listener);
    };
    const nodeA = await liveServer({ fabric, onSessionsEnded });
    const nodeB = await liveServer({ fabric: fabricB });
    const identities = { ended: { userId: 'u1', sessionId: 's-ended' }, other: { userId: 'u1', sessionId: 's-other' } };
    const sockets = {
      a: await connect(nodeA.url),
      b: await connect(nodeB.url),
      otherDevice: await connect(nodeB.url),
      otherDeviceA: await connect(nodeA.url),
    };
    for (const node of [nodeA, nodeB]) for (const [token, identity] of Object.entries(identities)) node.tokens.known.set(token, identity);
    sockets.a.send({ type: 'USER_AUTH', token: 'ended' });
    sockets.b.send({ type: 'USER_AUTH', token: 'ended' });
    sockets.otherDevice.send({ type: 'USER_AUTH', token: 'other' });
    sockets.otherDeviceA.send({ type: 'USER_AUTH', token: 'other' });
    for (const socket of Object.values(sockets)) await expect.poll(() => socket.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS']);

    ends.emit('ended', ['s-ended']);
    // Through Redis the end reaches node B a moment later: the PnL push after it must not reach the ended sockets.
    await expect.poll(() => sockets.b.user().length).toBe(2);
    await fabric.publish(PNL_CHANNEL, pnl('u1', 1));
    // Each node has the push once its other-device socket has it.
    for (const socket of [sockets.otherDevice, sockets.otherDeviceA]) await expect.poll(() => socket.user().length).toBe(2);
    for (const socket of [sockets.a, sockets.b]) {
      await socket.settle();
      expect(socket.user()).toEqual([
        { type: 'AUTH_SUCCESS', message: 'authenticated' },
        { type: 'AUTH_FAILED', message: 'session ended' },
      ]);
    }
    for (const socket of [sockets.otherDevice, sockets.otherDeviceA]) {
      await socket.settle();
      expect(socket.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS', 'REAL_TIME_PNL']);
    }
  });

  it('finds sessions that ended without being told (the periodic check), and tokens that expired', async () => {
    const ended = new Set<string>();
    const { url, tokens, fabric } = await liveServer({
      endedSessions: async (ids) => ids.filter((id) => ended.has(id)),
      sessionCheckMs: 20,
    });
    tokens.known.set('revoked', { userId: 'u1', sessionId: 's1' });
    tokens.known.set('expiring', { userId: 'u1', sessionId: 's2', expiresAt: Date.now() + 300 });
    tokens.known.set('fine', { userId: 'u1', sessionId: 's3' });
    const [revoked, expiring, fine] = [await connect(url), await connect(url), await connect(url)];
    revoked.send({ type: 'USER_AUTH', token: 'revoked' });
    expiring.send({ type: 'USER_AUTH', token: 'expiring' });
    fine.send({ type: 'USER_AUTH', token: 'fine' });
    for (const socket of [revoked, expiring, fine]) await expect.poll(() => socket.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    ended.add('s1');
    await expect.poll(() => revoked.user().at(-1)).toEqual({ type: 'AUTH_FAILED', message: 'session ended' });
    await expect.poll(() => expiring.user().at(-1)).toEqual({ type: 'AUTH_FAILED', message: 'token expired' });
    await fabric.publish(PNL_CHANNEL, pnl('u1', 1));
    for (const socket of [revoked, expiring, fine]) await socket.settle();
    expect(revoked.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED']);
    expect(expiring.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED']);
    expect(fine.user().map((f) => f.type)).toEqual(['AUTH_SUCCESS', 'REAL_TIME_PNL']);
    // A renewed token authenticates the socket again (the client re-sends USER_AUTH after renewing).
    expiring.send({ type: 'USER_AUTH', token: 'fine' });
    await expect.poll(() => expiring.user().at(-1)?.type).toBe('AUTH_SUCCESS');
    await fabric.publish(PNL_CHANNEL, pnl('u1', 1));
    await expect.poll(() => expiring.user().at(-1)?.type).toBe('REAL_TIME_PNL');
  });
});
