import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import { tradingEndpoints as trading } from '@meridian/contracts/endpoints/trading';
import { openDatabase } from '../../src/db/database.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { cashOf } from '../ledger-helpers.ts';
import { FaultServer, call, postgresStore, signUpOver } from './fault-helpers.ts';
import type { FaultStore } from './fault-helpers.ts';

/**
 * Signed-in reads from memory on two API processes sharing PostgreSQL and Redis (issue 29, ADR 009): each process
 * keeps its own cache; a change answered by one is never answered from the other's memory as it was before.
 */
const stores: FaultStore[] = [];
const servers: FaultServer[] = [];
let database: DatabaseHandle | undefined;
afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.close();
  for (const store of stores) await store.remove();
});

describe('signed-in reads on two API processes (Redis generations)', () => {
  it.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
    "a process never answers from memory what the other process's answered change made old",
    async () => {
      const store = await postgresStore(process.env.TEST_DATABASE_URL!);
      stores.push(store);
      const env = { FAULT_REDIS_URL: process.env.TEST_REDIS_URL! };
      const [a, b] = [await FaultServer.start(store, 0, 90_000, env), await FaultServer.start(store, 0, 90_000, env)];
      servers.push(a, b);
      database = await openDatabase(store.open);
      const [baseA, baseB] = [`http://127.0.0.1:${a.port}`, `http://127.0.0.1:${b.port}`];
      const user = await signUpOver(baseA, 'hot');
      const balance = async (base: string) => {
        const res = await call(base, endpointPath(accounts.getUserInfo), { token: user.token });
        if (!res.ok) throw new Error(res.error);
        return res.status === 200 ? (res.body.result as { account: { baseBalance: string } }).account.baseBalance : `HTTP ${res.status}`;
      };
      // Both processes hold the user's reads in memory now.
      expect(await balance(baseB)).toBe(await balance(baseA));
      // BTC/USDT is the catalogue's first instrument (seeded in listing order).
      for (let i = 0; i < 4; i += 1) {
        const [writer, reader] = i % 2 ? [baseA, baseB] : [baseB, baseA];
        const order = await call(writer, endpointPath(trading.buyContracts), {
          token: user.token,
          key: randomUUID(),
          body: { instrumentId: 1, side: 'buy', lots: '0.01', leverage: 1 },
        });
        expect(order.ok && order.body.code).toBe('200');
        const stored = await cashOf(database.db, user.userId, 'demo');
        expect([await balance(reader), await balance(writer)]).toEqual([stored, stored]);
      }
      // A session ended through one process is refused by the other at once.
      const ended = await call(baseB, endpointPath(accounts.revokeSessions), { token: user.token, body: { scope: 'all' } });
      expect(ended.ok && ended.body.code).toBe('200');
      expect(await balance(baseA)).toBe('HTTP 401');
    },
    180_000,
  );
});
