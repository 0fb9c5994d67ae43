import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/accounts/limits.ts';
import { boundIdleConnections, httpServerOptions } from '../../src/plugins/http-limits.ts';
import { portOf, rawExchange } from './raw-http.ts';

/**
 * The idle bound tells a client that stopped sending from a server still working (issue 31 item 4),
 * on a bare server with the API's HTTP options: a slow handler is never cut by it.
 */
const BOUNDS = { headersMs: 300, requestMs: 3_000, idleMs: 400, keepAliveMs: 500, checkEveryMs: 50 };
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function server(): Promise<FastifyInstance> {
  const app = Fastify({ ...httpServerOptions(BOUNDS) });
  boundIdleConnections(app);
  // Works for three idle bounds before it answers: nothing moves on the connection meanwhile.
  app.post('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3 * BOUNDS.idleMs));
    return { code: '200', message: 'success', result: null };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return app;
}

describe('the idle bound', () => {
  it('leaves a handler working past it alone: the whole request arrived, the answer comes', async () => {
    const app = await server();
    const answer = await rawExchange(
      portOf(app),
      'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(3 * BOUNDS.idleMs - 50);
  });

  it('answers a body that stopped arriving with 408 in the envelope', async () => {
    const app = await server();
    const answer = await rawExchange(
      portOf(app),
      'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a',
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ code: '408', message: 'request timeout', result: null });
    expect(answer.closedAfterMs).toBeLessThan(BOUNDS.idleMs + 1_500);
  });
});

describe('the idle bound and the live connection', () => {
  it('never cuts an upgraded socket that stays quiet longer than the bound', async () => {
    const app = Fastify({ ...httpServerOptions(BOUNDS) });
    boundIdleConnections(app);
    await app.register(websocket);
    // Quiet for three idle bounds, then one frame: it arrives only if the socket is still open.
    app.get('/ws', { websocket: true }, (socket) => {
      setTimeout(() => socket.send('still here'), 3 * BOUNDS.idleMs);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    const ws = new WebSocket(`ws://127.0.0.1:${portOf(app)}/ws`);
    const outcome = await new Promise<string>((resolve) => {
      ws.once('message', (data) => resolve(String(data)));
      ws.once('close', () => resolve('closed'));
    });
    ws.terminate();
    expect(outcome).toBe('still here');
  });
});

describe('clientAddress', () => {
  it('is request.ip when that is an IP address, else the connection’s own', () => {
    expect(clientAddress({ ip: '203.0.113.7', socket: { remoteAddress: '10.0.0.1' } })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '2001:db8::7', socket: { remoteAddress: '10.0.0.1' } })).toBe('2001:db8::7');
    expect(clientAddress({ ip: '<script>alert(1)</script>', socket: { remoteAddress: '10.0.0.1' } })).toBe('10.0.0.1');
    expect(clientAddress({ ip: '203.0.113.7:443', socket: { remoteAddress: '10.0.0.1' } })).toBe('10.0.0.1');
    expect(clientAddress({ ip: 'x'.repeat(5000), socket: { remoteAddress: '10.0.0.1' } })).toBe('10.0.0.1');
  });
});
