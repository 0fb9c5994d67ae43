import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverFrame } from '@meridian/contracts/schemas';
import { createTestApi } from '../helpers.ts';

let api: Awaited<ReturnType<typeof createTestApi>>;
let url: string;
beforeAll(async () => {
  api = await createTestApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${address.port}/ws`;
});
afterAll(async () => api.close());

function collect(ws: WebSocket, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const frames: unknown[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${frames.length} frames`)), 5000);
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)));
      if (frames.length === count) {
        clearTimeout(timer);
        resolve(frames);
      }
    });
  });
}

describe('live connection /ws', () => {
  it('sends a full simulated market frame first, then changed instruments only', async () => {
    const ws = new WebSocket(url);
    const frames = await collect(ws, 3);
    ws.close();
    const [first, second] = frames.map((f) => serverFrame.parse(f));
    expect(first).toMatchObject({ type: 'MARKETS', full: true, simulated: true });
    const full = first as Extract<typeof first, { type: 'MARKETS' }>;
    expect(full.data.length).toBeGreaterThan(10);
    expect(full.data[0]!.hundred).toHaveLength(100);
    expect(second).toMatchObject({ type: 'MARKETS', full: false });
  });

  it('refuses an unknown token without any user data', async () => {
    const ws = new WebSocket(url);
    await new Promise((r) => ws.on('open', r));
    const reply = new Promise<unknown>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.type !== 'MARKETS') resolve(frame);
      }),
    );
    ws.send(JSON.stringify({ type: 'USER_AUTH', token: 'forged' }));
    expect(await reply).toEqual({ type: 'AUTH_FAILED', message: 'invalid token' });
    ws.close();
  });
});
