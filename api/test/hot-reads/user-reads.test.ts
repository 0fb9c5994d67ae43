import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SharedGenerations } from '../../src/accounts/user-reads.ts';
import { connectRedis, createRedis } from '../../src/redis.ts';
import { PASSWORD, auth, signUp, userInfo } from '../accounts-helpers.ts';
import { cashOf, moveCash } from '../ledger-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';

/*
 * Issue 29: the signed-in hot reads (the session behind a token, the user, getUserInfo's figures) come from
 * memory, and are never stale once a change has been answered. `hotReads: true` keeps them on PostgreSQL too
 * (one process here), so both databases run the cache.
 */
const api = withTestApi({ hotReads: true, rateLimits: false });

const figures = async (token: string, mode: 'demo' | 'real' = 'demo') => {
  const res = await userInfo(api.app, token, mode);
  return res.json() as { code: string; result: { user: { language: string; accountMode: string }; account: { baseBalance: string } } };
};

const buy = (token: string, key: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/swx/customer/order/buyContracts',
    headers: { ...auth(token), 'idempotency-key': key },
    payload: { instrumentId: api.app.market.catalogue.byCode('BTC/USDT')!.id, side: 'buy', lots: '0.01', leverage: 1 },
  });

describe('signed-in reads from memory (issue 29)', () => {
  it('answers getUserInfo from memory: a row changed behind every writer is not seen, a change through one is', async () => {
    const user = await signUp(api.app);
    expect((await figures(user.token)).result.user.language).toBe('en');
    // No writer does this: the cache is not told, so what it holds is what the call answers.
    await api.database.db.execute(sql`update users set language = 'de' where id = ${user.userId}`);
    expect((await figures(user.token)).result.user.language).toBe('en');
    const set = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/setLanguage',
      headers: auth(user.token),
      payload: { language: 'fr' },
    });
    expect(set.json().code).toBe('20005');
    expect((await figures(user.token)).result.user.language).toBe('fr');
  });

  it('shows every money change in the next read after its answer, orders and ledger movements alike', async () => {
    const user = await signUp(api.app);
    const start = (await figures(user.token)).result.account.baseBalance;
    for (let i = 0; i < 5; i += 1) {
      const order = await buy(user.token, `hot-${user.userId}-${i}`);
      expect(order.json().code).toBe('200');
      expect((await figures(user.token)).result.account.baseBalance).toBe(await cashOf(api.database.db, user.userId, 'demo'));
    }
    expect((await figures(user.token)).result.account.baseBalance).not.toBe(start);
    await moveCash(api.database.db, user.userId, 'demo', '12.34');
    expect((await figures(user.token)).result.account.baseBalance).toBe(await cashOf(api.database.db, user.userId, 'demo'));
  });

  it('never serves a read older than an answered change while reads and changes run together', async () => {
    const user = await signUp(api.app);
    const readers = { running: true };
    // Reads in a loop the whole time: each may fill the cache while a change is being committed. A read from memory
    // needs no I/O, so the loop yields to it between reads (the database's answers arrive as I/O on PostgreSQL).
    const reading = (async () => {
      while (readers.running) {
        await figures(user.token);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let i = 0; i < 25; i += 1) {
      await moveCash(api.database.db, user.userId, 'demo', i % 2 ? '-1.01' : '2.02');
      const [answered, stored] = [
        (await figures(user.token)).result.account.baseBalance,
        await cashOf(api.database.db, user.userId, 'demo'),
      ];
      expect(answered).toBe(stored);
    }
    readers.running = false;
    await reading;
  });

  it('follows a mode switch, and refuses a token at once after its session ends', async () => {
    const user = await signUp(api.app);
    const second = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const other = second.json().result.token as string;
    expect((await figures(other)).code).toBe('200');
    const switched = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/switchMode',
      headers: auth(user.token),
      payload: { mode: 'real' },
    });
    expect(switched.json().code).toBe('200');
    expect((await figures(other, 'real')).result.user.accountMode).toBe('real');
    // Ending the user's other sessions: the other token is refused by the very next call.
    const ended = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/revokeSessions',
      headers: auth(user.token, 'real'),
      payload: { scope: 'others' },
    });
    expect(ended.json().code).toBe('200');
    expect((await userInfo(api.app, other, 'real')).statusCode).toBe(401);
    expect((await figures(user.token, 'real')).code).toBe('200');
  });
});

/** Every writer of the tables behind the cached reads tells the cache (a file that writes them calls userChanged). */
describe('writers of users, sessions and access tokens', () => {
  it('each tells the cache of its change', () => {
    const root = join(import.meta.dirname, '../../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const writes =
      /\.(update|delete)\((users|sessions)\)|(update|delete from) (users|sessions)\b|(update|delete from) \$\{(users|sessions)\}/;
    const silent = files.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return writes.test(text) && !text.includes('userChanged(');
    });
    expect(silent.map((f) => relative('.', f))).toEqual([]);
  });
});

// Two API processes sharing PostgreSQL and Redis: test/faults/hot-reads-two-processes.test.ts (each with its own cache).

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('generations in Redis', () => {
  it('never repeat after Redis lost its keys: a new epoch starts, and nothing read before matches', async () => {
    const redis = createRedis(redisUrl!);
    await connectRedis(redis);
    const prefix = `meridian:test-gen:${randomUUID()}:`;
    const generations = new SharedGenerations(redis, prefix);
    try {
      // No epoch yet: a generation no entry has, and the epoch is set for the next read.
      expect(await generations.read('u1')).toMatch(/^unavailable:/);
      const first = await generations.read('u1');
      await generations.bump('u1');
      const second = await generations.read('u1');
      expect([first.endsWith(':0'), second.endsWith(':1'), first.split(':')[0] === second.split(':')[0]]).toEqual([true, true, true]);
      // Redis restarted empty: the counters start again, under another epoch.
      await redis.del(`${prefix}epoch`, `${prefix}u1`);
      expect(await generations.read('u1')).toMatch(/^unavailable:/);
      const after = await generations.read('u1');
      expect(after.endsWith(':0')).toBe(true);
      expect([first, second]).not.toContain(after);
    } finally {
      await redis.del(`${prefix}epoch`, `${prefix}u1`);
      redis.disconnect();
    }
  });
});
