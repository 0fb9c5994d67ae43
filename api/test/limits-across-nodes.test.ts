import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshEmail } from './accounts-helpers.ts';
import { withRedisNodes } from './suite-fixtures.ts';

/*
 * Abuse limits kept in Redis are shared by every API node (REDIS_URL / TEST_REDIS_URL; `.ci/run` sets it
 * when Redis answers on 127.0.0.1:6379): two fastify instances on one database, each with its own
 * connection. Addresses and accounts are fresh per run, so earlier runs' counts never interfere.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('abuse limits across API nodes (Redis)', () => {
  const redis = withRedisNodes(redisUrl ?? '');
  const nodes = () => [redis.first.app, redis.second];
  const address = () => `10.${randomInt(100, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

  it('a per-address limit counts requests made to any node', async () => {
    const from = address();
    const codes: number[] = [];
    // Opening a conversation: 5 per address in 10 minutes, here alternating between the two nodes.
    for (let i = 0; i < 6; i += 1) {
      const res = await nodes()[i % 2]!.inject({
        method: 'POST',
        url: '/api/swx/customer/support/openTicket',
        payload: { email: 'visitor@example.com', message: `Question ${i}` },
        remoteAddress: from,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a per-account limit counts sign-in tries made through any node', async () => {
    const email = freshEmail('limits');
    const from = address();
    const statuses: string[] = [];
    // Sign-in: 10 tries per account and address in 15 minutes (issue 14), half on each node.
    for (let i = 0; i < 11; i += 1) {
      const res = await nodes()[i % 2]!.inject({
        method: 'POST',
        url: '/api/swx/customer/login/login',
        payload: { email, password: 'not the password 1' },
        remoteAddress: from,
      });
      statuses.push(res.json().code as string);
    }
    expect(statuses.slice(0, 10).every((c) => c === '10004')).toBe(true);
    expect(statuses[10]).toBe('429');
  });
});
