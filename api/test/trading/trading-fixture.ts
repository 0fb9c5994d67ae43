import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '../../src/db/schema.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import type { JobClock } from '../../src/jobs/scheduler.ts';
import { createTestApi } from '../helpers.ts';
import { late } from '../suite-fixtures.ts';
import { auth, signUp, userInfo } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { ScriptedFeed } from '../live/live-helpers.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

const ORDER = '/api/swx/customer/order';

/** Jobs that run only when the test says so (`app.scheduler.runNow`). */
export const manualJobs: JobClock = { now: () => 0, setInterval: () => null, clearInterval: () => undefined };

/**
 * An API whose feed and clock the test drives: `tick(id, price)` publishes one price (at the clock's
 * time) and waits for the work it triggers; `advance(ms)` moves the clock.
 */
async function tradingApi() {
  const feed = new ScriptedFeed();
  let clock = Date.UTC(2026, 10, 23, 12, 0, 0);
  // Scripted prices and a clock of its own: on PostgreSQL, a database of its own too.
  const { app, database, close } = await createTestApi(
    {
      feed: feed.factory,
      now: () => clock,
      jobClock: { ...manualJobs, now: () => clock },
      rateLimits: false,
    },
    { ownDatabase: true },
  );
  const btc = app.market.catalogue.byCode('BTC/USDT')!;
  const eth = app.market.catalogue.byCode('ETH/USDT')!;
  // The first poll makes this node the feed's leader.
  await app.market.poll();

  // The mode each user is in (switchMode stores it; a `virtually` header naming the other one is refused).
  const modes = new Map<string, 'demo' | 'real'>();
  /**
   * Puts the user in `mode` unless they are in it already: the stored mode switchMode sets, written
   * directly (a property run switches often; switchMode's own answer is tested in account-mode/).
   */
  const inMode = async (user: SignedUp, mode: 'demo' | 'real') => {
    if ((modes.get(user.userId) ?? 'demo') === mode) return;
    await database.db.update(users).set({ accountMode: mode }).where(eq(users.id, user.userId));
    await userChanged(user.userId);
    modes.set(user.userId, mode);
  };

  /** A price for an instrument a second later, polled by the feed: what the tick triggers has not run yet. */
  const publish = async (id: number, price: string) => {
    clock += 1000;
    feed.push([{ id, price, volume: '1.00' }]);
    await app.market.poll();
  };

  const fixture = {
    app: app as FastifyInstance,
    database: database as DatabaseHandle,
    feed,
    btc,
    eth,
    close,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
    publish,
    /** Publishes a price for an instrument and runs what the tick triggers (closes, live PnL). */
    async tick(id: number, price: string) {
      await publish(id, price);
      await app.trading.afterTick([id]);
    },
    /** The feed polls at the clock's time (nothing moves), then the settlement job runs. */
    async settle() {
      await app.market.poll();
      await app.scheduler.runNow('options-settlement');
    },
    async user(): Promise<SignedUp> {
      return signUp(app);
    },
    inMode,
    /** A call of the order group from a window in `mode` (the user is switched to it first when needed). */
    async post(path: string, user: SignedUp, body: unknown, key: string | null = crypto.randomUUID(), mode: 'demo' | 'real' = 'demo') {
      await inMode(user, mode);
      return app.inject({
        method: 'POST',
        url: `${ORDER}/${path}`,
        headers: { ...auth(user.token, mode), ...(key ? { 'idempotency-key': key } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async get(path: string, user: SignedUp, mode: 'demo' | 'real' = 'demo') {
      await inMode(user, mode);
      return app.inject({ method: 'GET', url: `${ORDER}/${path}`, headers: auth(user.token, mode) });
    },
    async info(user: SignedUp, mode: 'demo' | 'real' = 'demo') {
      await inMode(user, mode);
      const res = await userInfo(app, user.token, mode);
      return res.json().result.account as Record<string, string>;
    },
  };
  return fixture;
}
export type TradingFixture = Awaited<ReturnType<typeof tradingApi>>;

/** The trading API of a file (or a describe block): built before its tests, closed after them. */
export function withTradingApi({ listen = false }: { listen?: boolean } = {}): TradingFixture {
  const fixture = late<TradingFixture>('the trading API');
  beforeAll(async () => {
    const built = await tradingApi();
    fixture.set(built);
    if (listen) await built.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => fixture.current()?.close());
  return fixture.handle;
}
