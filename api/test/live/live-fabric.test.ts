import { moveCash } from '../ledger-helpers.ts';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../src/app.ts';
import { InProcessFabric, RedisFabric } from '../../src/live/live-fabric.ts';
import type { Catalogue } from '../../src/market/catalogue/catalogue.ts';
import { MarketSimulator } from '../../src/market/market-simulator.ts';
import { OPERATOR_TOKEN, createTestApi } from '../helpers.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import { MONDAY_MORNING, catalogueInstruments } from '../market/market-fixtures.ts';
import { ScriptedFeed, openSocket } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';

const FEED_ROLE = 'market-feed';

describe('live fabric, in process', () => {
  it('delivers to every subscriber and lets its one node lead', async () => {
    const fabric = new InProcessFabric();
    const got: string[] = [];
    await fabric.subscribe('c', (p) => got.push(`a:${p}`));
    await fabric.subscribe('c', (p) => got.push(`b:${p}`));
    await fabric.subscribe('other', (p) => got.push(`other:${p}`));
    await fabric.publish('c', 'x');
    expect(got).toEqual(['a:x', 'b:x']);
    expect(fabric.shared).toBe(false);
    expect(await fabric.lead('role', 100)).toBe(true);
    expect(await fabric.read('k')).toBeNull();
    await fabric.write('k', 'v', 100);
    expect(await fabric.read('k')).toBe('v');
    await fabric.close();
  });

  it('a simulator that takes the feed over goes on from the prices it is given', () => {
    const instruments = catalogueInstruments();
    // The old leader walked a simulated month a step: its prices are far from the anchors.
    const leader = new MarketSimulator(instruments, { seed: 1, stepMs: 30 * 86_400_000 });
    const seen = new Map<number, string>();
    for (let i = 0; i < 10; i += 1) for (const tick of leader.poll(MONDAY_MORNING + i * 1000)) seen.set(tick.id, tick.price);
    const far = instruments.filter((i) => seen.has(i.id) && new Decimal(seen.get(i.id)!).div(i.anchorPrice).minus(1).abs().gt('0.05'));
    expect(far.length).toBeGreaterThan(300);
    // The new leader has its own seed; after resume its first step starts from the seen prices.
    const follower = new MarketSimulator(instruments, { seed: 2, stepMs: 1000 });
    follower.resume(seen);
    const next = follower.poll(MONDAY_MORNING + 10_000);
    expect(next.length).toBeGreaterThan(300);
    for (const tick of next) {
      const instrument = instruments.find((i) => i.id === tick.id)!;
      const before = new Decimal(seen.get(tick.id) ?? instrument.anchorPrice);
      const move = new Decimal(tick.price).minus(before).abs();
      expect(move.lte(before.mul('0.002').plus(instrument.tickSize)), `${instrument.code} ${before} → ${tick.price}`).toBe(true);
    }
  });
});

/*
 * Several API nodes over a real Redis (TEST_REDIS_URL; Redis answers on 127.0.0.1:6379 where the suite
 * runs): fastify instances on one database, each with its own feed and fabric, in one process.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('live connection across API nodes (Redis)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  interface NodeOptions {
    tickMs: number;
    /** A feed per node; each node's own simulator (its own seed) without. */
    feeds?: ScriptedFeed[];
  }

  async function nodes(count: number, options: NodeOptions) {
    const prefix = `meridian-test:${randomUUID()}:`;
    const fabric = async () => new RedisFabric(redisUrl!, prefix).connect();
    const fabrics = [await fabric()];
    const timing = { liveTickMs: options.tickMs, liveFrameMs: 10 };
    const first = await createTestApi({
      fabric: fabrics[0]!,
      ...timing,
      ...(options.feeds ? { feed: options.feeds[0]!.factory } : {}),
    });
    closers.push(first.close);
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const apps: FastifyInstance[] = [first.app];
    for (let i = 1; i < count; i += 1) {
      fabrics.push(await fabric());
      // Every node has its own feed (its simulator walks another seed): only the leader's prices may
      // be seen anywhere. The market seed (the history before the anchors) is the deployment's, as in
      // production, where every node is started with the same one.
      const feed = options.feeds?.[i]?.factory ?? ((c: Catalogue) => new MarketSimulator(c.all, { seed: 100 + i, stepMs: options.tickMs }));
      const app = await buildApi({
        db: first.database.db,
        marketSeed: 42,
        ...timing,
        feed,
        operatorToken: OPERATOR_TOKEN,
        fabric: fabrics[i]!,
      });
      closers.push(() => app.close());
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const sockets: LiveSocket[] = [];
    closers.push(async () => sockets.forEach((s) => s.close()));
    const connect = async (app: FastifyInstance) => {
      const socket = await openSocket(app);
      sockets.push(socket);
      return socket;
    };
    return { apps, fabrics, database: first.database, fabric, connect };
  }

  it('one node runs the market feed, and sockets on every node get the same TICKS frames', async () => {
    const tickMs = 300;
    const { apps, fabrics, fabric, connect } = await nodes(2, { tickMs });
    await expect.poll(() => fabrics.filter((f) => f.holds(FEED_ROLE)).length, { timeout: 5000 }).toBe(1);
    const [a, b] = [await connect(apps[0]!), await connect(apps[1]!)];
    const home = apps[0]!.market.catalogue.homeIds();
    expect(apps[1]!.market.catalogue.homeIds()).toEqual(home);
    // A node that starts later may have missed a change made before it subscribed, until that
    // instrument moves again: compare the frames from the moment both books agree.
    const view = (app: FastifyInstance) => JSON.stringify(home.map((id) => app.market.book.tick(id)));
    await expect.poll(() => view(apps[0]!) === view(apps[1]!), { timeout: 20_000 }).toBe(true);
    const since = Date.now();
    const after = (socket: LiveSocket) => socket.ticks().filter((f) => f.time > since);
    await expect.poll(() => Math.min(after(a).length, after(b).length), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    const [onA, onB] = [after(a), after(b)];
    const byTime = (frames: typeof onA) => new Map(frames.map((f) => [f.time, f.data]));
    const [mapA, mapB] = [byTime(onA), byTime(onB)];
    const common = [...mapA.keys()].filter((t) => mapB.has(t));
    expect(common.length).toBeGreaterThanOrEqual(5);
    // Only the newest frame may not have reached the other socket yet.
    expect(mapA.size - common.length).toBeLessThanOrEqual(1);
    expect(mapB.size - common.length).toBeLessThanOrEqual(1);
    for (const time of common) expect(mapB.get(time), `frame of ${time}`).toEqual(mapA.get(time));
    for (const frame of onA) for (const [id] of frame.data) expect(home).toContain(id);
    // One feed, not two: one frame per tick interval, never two tick times close together.
    const times = onA.map((f) => f.time);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThan(tickMs / 2);
    // The feed's role is taken: a third node would not run it.
    const third = await fabric();
    closers.push(() => third.close());
    expect(await third.lead(FEED_ROLE, 1000)).toBe(false);
  });

  it("a balance change made through one node reaches its owner's socket on another", async () => {
    const { apps, database, connect } = await nodes(2, { tickMs: 500 });
    const owner = await signUp(apps[0]!);
    const socket = await connect(apps[0]!);
    socket.send({ type: 'USER_AUTH', token: owner.token });
    await expect.poll(() => socket.frames.some((f) => f.type === 'AUTH_SUCCESS'), { timeout: 5000 }).toBe(true);
    await moveCash(database.db, owner.userId, 'demo', '-99995');
    const reset = await apps[1]!.inject({ method: 'POST', url: '/api/swx/customer/user/resetDemo', headers: auth(owner.token) });
    expect(reset.json().code).toBe('200');
    await expect
      .poll(() => socket.frames.find((f) => f.type === 'USER_BALANCE_UPDATE'), { timeout: 5000 })
      .toMatchObject({ userId: owner.userId, baseBalance: '100000' });
  });

  it("an order placed through one node updates its owner's figures on a socket of another", async () => {
    const { apps, connect } = await nodes(2, { tickMs: 500 });
    const owner = await signUp(apps[0]!);
    const socket = await connect(apps[0]!);
    socket.send({ type: 'USER_AUTH', token: owner.token });
    await expect.poll(() => socket.frames.some((f) => f.type === 'AUTH_SUCCESS'), { timeout: 5000 }).toBe(true);
    const btc = apps[1]!.market.catalogue.byCode('BTC/USDT')!;
    const order = await apps[1]!.inject({
      method: 'POST',
      url: '/api/swx/customer/order/buyContracts',
      headers: { ...auth(owner.token), 'idempotency-key': randomUUID() },
      payload: { instrumentId: btc.id, side: 'buy', lots: '0.01', leverage: 10 },
    });
    expect(order.json().code).toBe('200');
    const { margin } = order.json().result as { margin: string };
    await expect
      .poll(() => socket.frames.find((f) => f.type === 'USER_BALANCE_UPDATE'), { timeout: 5000 })
      .toMatchObject({ userId: owner.userId, mode: 'demo', bondAmount: margin });
  });

  it('when the node running the feed stops, another takes it over and continues the walk', async () => {
    // Each node's feed moves the same instruments up every poll, node 1 by one tick, node 2 by two:
    // who moved a price shows in the step, and a walk restarted from stale prices would go down.
    const feeds = [new ScriptedFeed(), new ScriptedFeed()];
    const { apps, fabrics, connect } = await nodes(2, { tickMs: 100, feeds });
    const catalogue = apps[0]!.market.catalogue;
    const ids = catalogue
      .ofType(2)
      .slice(0, 3)
      .map((i) => i.id);
    feeds.forEach((feed, i) => feed.moveEveryPoll(ids, i + 1));
    await expect.poll(() => fabrics.filter((f) => f.holds(FEED_ROLE)).length, { timeout: 5000 }).toBe(1);
    const leader = fabrics.findIndex((f) => f.holds(FEED_ROLE));
    const follower = 1 - leader;
    const socket = await connect(apps[follower]!);
    socket.send({ type: 'SUBSCRIBE', topics: ids.map((id) => `id:${id}`) });
    await expect.poll(() => socket.markets().length, { timeout: 5000 }).toBe(2);
    const subscribed = socket.frames.indexOf(socket.markets()[1]!);
    await expect
      .poll(() => socket.frames.slice(subscribed).filter((f) => f.type === 'TICKS').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(3);
    expect(fabrics[follower]!.holds(FEED_ROLE)).toBe(false);
    const takeover = socket.frames.length;
    await apps[leader]!.close();
    await expect.poll(() => fabrics[follower]!.holds(FEED_ROLE), { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => socket.frames.slice(takeover).filter((f) => f.type === 'TICKS').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(4);

    // Each instrument's walk in ticks, from the full picture after SUBSCRIBE on.
    for (const id of ids) {
      const tickSize = catalogue.byId(id)!.tickSize;
      const steps: { at: number; ticks: number }[] = [];
      let last: Decimal | null = null;
      socket.frames.slice(subscribed).forEach((frame, offset) => {
        let price: string | undefined;
        if (frame.type === 'MARKETS') price = frame.data.find((item) => item.id === id)?.nowPrice;
        if (frame.type === 'TICKS') price = frame.data.find(([tickId]) => tickId === id)?.[1];
        if (price === undefined) return;
        const now = new Decimal(price);
        if (last) steps.push({ at: subscribed + offset, ticks: now.minus(last).div(tickSize).toNumber() });
        last = now;
      });
      const before = steps.filter((s) => s.at < takeover).map((s) => s.ticks);
      const after = steps.filter((s) => s.at >= takeover).map((s) => s.ticks);
      // Always up: one walk, never two interleaved, never restarted from older prices.
      for (const step of [...before, ...after]) expect(step, `${id}: ${before} | ${after}`).toBeGreaterThan(0);
      // Before: the leader's step. After: the first move continues from the last price (at most the
      // old leader's last tick in flight), then the new leader's step.
      expect(before.length).toBeGreaterThanOrEqual(2);
      for (const step of before) expect(step % (leader + 1), `${id}: ${before}`).toBe(0);
      expect(after[0], `${id}: ${after}`).toBeLessThanOrEqual(3 * (follower + 1));
      expect(after.slice(-2), `${id}: ${after}`).toEqual([follower + 1, follower + 1]);
    }
  });
});
