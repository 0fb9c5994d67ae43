import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverFrame } from '@meridian/contracts/schemas';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema.ts';
import { createTestApi } from '../helpers.ts';
import { auth, signUp } from '../accounts-helpers.ts';

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

  /** Opens a socket and answers the non-market frames it receives, in order. */
  async function userSocket(token: string) {
    const ws = new WebSocket(url);
    const frames: { type: string; userId?: string }[] = [];
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type !== 'MARKETS') frames.push(frame);
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'USER_AUTH', token }));
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    return { ws, frames };
  }

  it('authenticates a session token with AUTH_SUCCESS and pushes balance changes to their owner only', async () => {
    const owner = await signUp(api.app);
    const other = await signUp(api.app);
    const mine = await userSocket(owner.token);
    const theirs = await userSocket(other.token);
    expect(mine.frames[0]).toEqual({ type: 'AUTH_SUCCESS', message: 'authenticated' });
    await api.database.db
      .update(accounts)
      .set({ baseBalance: '5' })
      .where(and(eq(accounts.userId, owner.userId), eq(accounts.mode, 'demo')));
    await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/resetDemo', headers: auth(owner.token) });
    await expect.poll(() => mine.frames.length).toBe(2);
    expect(serverFrame.parse(mine.frames[1])).toMatchObject({
      type: 'USER_BALANCE_UPDATE',
      userId: owner.userId,
      mode: 'demo',
      baseBalance: '100000',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames.map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    mine.ws.close();
    theirs.ws.close();
  });

  it('a revoked token is refused on the live connection', async () => {
    const user = await signUp(api.app);
    await api.app.inject({ method: 'POST', url: '/api/swx/customer/login/logout', headers: { authorization: user.token } });
    const { ws, frames } = await userSocket(user.token);
    expect(frames[0]).toEqual({ type: 'AUTH_FAILED', message: 'invalid token' });
    ws.close();
  });
});
