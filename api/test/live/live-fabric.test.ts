import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { MarketItem } from '@meridian/contracts';
import { buildApi } from '../../src/app.ts';
import { InProcessFabric, RedisFabric } from '../../src/live/live-fabric.ts';
import { MarketSimulator } from '../../src/market/market-simulator.ts';
import { accounts } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, createTestApi } from '../helpers.ts';
import { auth, signUp } from '../accounts-helpers.ts';

type Frame = { type: string; full?: boolean; data?: MarketItem[]; userId?: string; baseBalance?: string };

/** A socket that keeps every frame it receives. */
async function listen(app: FastifyInstance): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const address = app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve) => ws.on('open', resolve));
  return { ws, frames };
}

const updates = (frames: Frame[]) => frames.filter((f) => f.type === 'MARKETS' && !f.full).map((f) => JSON.stringify(f.data));
const prices = (frames: Frame[]) => new Map(frames.flatMap((f) => f.data ?? []).map((item) => [item.id, Number(item.nowPrice)] as const));

describe('live fabric, in process', () => {
  it('delivers to every subscriber and lets its one node lead', async () => {
    const fabric = new InProcessFabric();
    const got: string[] = [];
    await fabric.subscribe('c', (p) => got.push(`a:${p}`));
    await fabric.subscribe('c', (p) => got.push(`b:${p}`));
    await fabric.publish('c', 'x');
    expect(got).toEqual(['a:x', 'b:x']);
    expect(await fabric.lead('role', 100)).toBe(true);
    await fabric.write('k', 'v', 100);
    expect(await fabric.read('k')).toBe('v');
  });

  it('a simulator that takes the feed over goes on from the prices it is given', () => {
    const leader = new MarketSimulator({ seed: 1 });
    const follower = new MarketSimulator({ seed: 2 });
    for (let i = 0; i < 20; i += 1) leader.tick();
    const seen = leader.snapshot();
    follower.resume(seen);
    expect(follower.snapshot().map((i) => i.nowPrice)).toEqual(seen.map((i) => i.nowPrice));
    for (const item of follower.tick()) {
      const before = Number(seen.find((s) => s.id === item.id)!.nowPrice);
      expect(Math.abs(Number(item.nowPrice) - before) / before).toBeLessThanOrEqual(0.0006);
    }
  });
});

/*
 * Several API nodes over a real Redis (REDIS_URL / TEST_REDIS_URL; `.ci/run` sets it when Redis answers
 * on 127.0.0.1:6379): two fastify instances on one database, each with its own feed and fabric.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('live connection across API nodes (Redis)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function nodes(count: number) {
    const prefix = `meridian-test:${randomUUID()}:`;
    const fabric = async () => new RedisFabric(redisUrl!, prefix).connect();
    const fabrics = [await fabric()];
    const first = await createTestApi({ fabric: fabrics[0]!, feed: new MarketSimulator({ seed: 1 }) });
    closers.push(first.close);
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const apps = [first.app];
    for (let i = 1; i < count; i += 1) {
      fabrics.push(await fabric());
      // Every node starts its own simulator with its own seed: only the leader's prices may be seen.
      const app = await buildApi({
        db: first.database.db,
        feed: new MarketSimulator({ seed: 100 + i }),
        liveTickMs: 50,
        operatorToken: OPERATOR_TOKEN,
        fabric: fabrics[i]!,
      });
      closers.push(() => app.close());
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    return { apps, fabrics, database: first.database, fabric };
  }

  it('one node runs the market feed, and sockets on every node get the same prices', async () => {
    const { apps, fabric } = await nodes(2);
    const [a, b] = await Promise.all(apps.map(listen));
    await expect.poll(() => Math.min(updates(a!.frames).length, updates(b!.frames).length), { timeout: 5000 }).toBeGreaterThanOrEqual(8);
    a!.ws.close();
    b!.ws.close();
    // Both sockets saw the same ticks (the first and last may fall outside the other's connection).
    const onA = new Set(updates(a!.frames));
    const onB = updates(b!.frames).slice(1, -1);
    expect(onB.length).toBeGreaterThanOrEqual(5);
    for (const update of onB) expect(onA.has(update)).toBe(true);
    // One walk, not two interleaved: from tick to tick an instrument moves by at most one step (0.05 %).
    const last = new Map<number, number>();
    for (const frame of b!.frames.filter((f) => f.type === 'MARKETS')) {
      // A full frame is a fresh picture (the first one, or the leader's when it took the feed).
      if (frame.full) last.clear();
      for (const item of frame.data ?? []) {
        const price = Number(item.nowPrice);
        const before = last.get(item.id);
        if (before !== undefined) expect(Math.abs(price - before) / before).toBeLessThanOrEqual(0.0006);
        last.set(item.id, price);
      }
    }
    // The feed's role is taken: a third node would not run it.
    const third = await fabric();
    closers.push(() => third.close());
    expect(await third.lead('market-feed', 1000)).toBe(false);
  });

  it("a balance change made through one node reaches its owner's socket on another", async () => {
    const { apps, database } = await nodes(2);
    const owner = await signUp(apps[0]!);
    const socket = await listen(apps[0]!);
    socket.ws.send(JSON.stringify({ type: 'USER_AUTH', token: owner.token }));
    await expect.poll(() => socket.frames.some((f) => f.type === 'AUTH_SUCCESS')).toBe(true);
    await database.db
      .update(accounts)
      .set({ baseBalance: '5' })
      .where(and(eq(accounts.userId, owner.userId), eq(accounts.mode, 'demo')));
    const reset = await apps[1]!.inject({ method: 'POST', url: '/api/swx/customer/user/resetDemo', headers: auth(owner.token) });
    expect(reset.json().code).toBe('200');
    await expect
      .poll(() => socket.frames.find((f) => f.type === 'USER_BALANCE_UPDATE'), { timeout: 5000 })
      .toMatchObject({ userId: owner.userId, baseBalance: '100000' });
    socket.ws.close();
  });

  it('when the node running the feed stops, another takes it over from the same prices', async () => {
    const { apps, fabrics } = await nodes(2);
    await expect.poll(() => fabrics.filter((f) => f.holds('market-feed')).length, { timeout: 5000 }).toBe(1);
    const leader = fabrics.findIndex((f) => f.holds('market-feed'));
    const follower = 1 - leader;
    const socket = await listen(apps[follower]!);
    await expect.poll(() => updates(socket.frames).length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    // The prices seen so far, taken before the leader stops (the follower cannot have published yet).
    const lastSeen = prices(socket.frames);
    const before = socket.frames.length;
    expect(fabrics[follower]!.holds('market-feed')).toBe(false);
    await apps[leader]!.close();
    await expect.poll(() => fabrics[follower]!.holds('market-feed'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => socket.frames.length - before, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    // A step moves a price by at most 0.05 %: every price after the takeover continues the old walk
    // (two steps of slack: the old leader's last update may arrive after the new leader resumed).
    const last = new Map(lastSeen);
    for (const frame of socket.frames.slice(before)) {
      for (const item of frame.data ?? []) {
        const price = Number(item.nowPrice);
        expect(Math.abs(price - last.get(item.id)!) / last.get(item.id)!).toBeLessThanOrEqual(0.0011);
        last.set(item.id, price);
      }
    }
    socket.ws.close();
  });
});
