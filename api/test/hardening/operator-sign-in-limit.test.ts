import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, messageKeyForCode } from '@meridian/contracts';
import { AccountLimits, OPERATOR_TRIES_PER_ACCOUNT, OperatorSignInLimit } from '../../src/accounts/limits.ts';
import { totpAt } from '../../src/operators/totp.ts';
import { withRedisNodes, withTestApi } from '../suite-fixtures.ts';
import { OPERATOR_PASSWORD, makeOperator } from '../operators/operator-helpers.ts';
import type { TestOperator } from '../operators/operator-helpers.ts';

/**
 * Operator sign-in has the per-account ceiling customer sign-in has (issue 31 item 7): one e-mail tried
 * from many addresses (each under the per-address allowance) is refused past the ceiling with the
 * rate-limited code, whose message the back-office shows translated; after the window the right
 * password and code work again. The window is shortened here (`loginWindowSeconds`).
 */
/** Longer than thirty tries take (each hashes a password), short enough to wait for. */
const WINDOW_SECONDS = 10;
const SIGN_IN = '/api/admin/auth/sign-in';
/** Thirty different addresses, none of them used elsewhere in this file. */
const addresses = (from: number) => Array.from({ length: 30 }, (_, i) => `198.51.${from}.${i + 1}`);

async function tryFrom(app: FastifyInstance, remoteAddress: string, payload: object) {
  const res = await app.inject({ method: 'POST', url: SIGN_IN, remoteAddress, payload });
  return { status: res.statusCode, body: res.json() as { code: string; message: string }, retryAfter: res.headers['retry-after'] };
}

describe('operator sign-in: a ceiling per account over every address', () => {
  let clock = Date.now();
  const api = withTestApi({ loginWindowSeconds: WINDOW_SECONDS, now: () => clock }, { timeout: 120_000 });
  let op: TestOperator;

  beforeAll(async () => {
    op = await makeOperator(api.app, api.database.db, ['admin'], undefined, clock);
  }, 120_000);

  it('30 wrong tries from 30 addresses: the ceiling answers 429 with a translated message; after the window the right password works', async () => {
    const answers = [];
    for (const address of addresses(10))
      answers.push(await tryFrom(api.app, address, { email: op.email, password: 'Wrong-pass-1', code: '000000' }));
    const codes = answers.map((a) => a.body.code);
    expect(codes.slice(0, OPERATOR_TRIES_PER_ACCOUNT)).toEqual(Array(OPERATOR_TRIES_PER_ACCOUNT).fill('10201'));
    expect(codes.slice(OPERATOR_TRIES_PER_ACCOUNT)).toEqual(Array(30 - OPERATOR_TRIES_PER_ACCOUNT).fill('429'));
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);

    // The back-office shows the platform's message for the code, in every language.
    const key = messageKeyForCode(refused.body.code);
    expect(key).toBe('errors.rateLimited');
    const english = localeText('en', key);
    for (const { code: language } of LANGUAGES) {
      const text = localeText(language, key);
      expect(text, language).toBeTruthy();
      if (language !== 'en') expect(text, language).not.toBe(english);
    }

    // Locked: even the right password and a fresh code wait for the window (and the code is not spent).
    clock += 60_000;
    const right = { email: op.email, password: OPERATOR_PASSWORD, code: totpAt(op.secret, clock) };
    expect((await tryFrom(api.app, '198.51.11.1', right)).body.code).toBe('429');
    // Another operator is not touched by this one's lock.
    const other = await makeOperator(api.app, api.database.db, ['support'], undefined, clock);
    expect(other.token).toBeTruthy();

    // After the window, the right password and code sign in (each try from an address of its own, under the
    // route's per-address allowance).
    let poll = 0;
    await expect
      .poll(async () => (await tryFrom(api.app, `198.51.12.${++poll}`, right)).body.code, {
        timeout: (WINDOW_SECONDS + 3) * 1000,
        interval: 250,
      })
      .toBe('200');
  });

  it('follows the rate-limit scale (MERIDIAN_RATE_LIMIT_SCALE) and is off with the rate limits', async () => {
    const scaled = new OperatorSignInLimit(new AccountLimits(true, 2));
    for (let i = 0; i < 2 * OPERATOR_TRIES_PER_ACCOUNT; i += 1) await scaled.consume('op-1', 'hash');
    await expect(scaled.consume('op-1', 'hash')).rejects.toMatchObject({ code: '429', httpStatus: 429 });
    // A new password starts fresh counts.
    await scaled.consume('op-1', 'new hash');
    // A success gives its own try back: the owner signing in does not use up the allowance.
    for (let i = 0; i < 2 * OPERATOR_TRIES_PER_ACCOUNT; i += 1) await scaled.consume('op-2', 'hash');
    await scaled.giveBack('op-2', 'hash');
    await scaled.consume('op-2', 'hash');
    await expect(scaled.consume('op-2', 'hash')).rejects.toMatchObject({ code: '429' });

    const off = new OperatorSignInLimit(new AccountLimits(false, 1));
    for (let i = 0; i < 3 * OPERATOR_TRIES_PER_ACCOUNT; i += 1) await off.consume('op-1', 'hash');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('operator sign-in ceiling across API nodes (Redis)', () => {
  const nodes = withRedisNodes(redisUrl ?? '', { timeout: 120_000 });

  it('tries on one account made to either node count together', async () => {
    const op = await makeOperator(nodes.first.app, nodes.first.database.db, ['admin']);
    const codes: string[] = [];
    for (const [i, address] of addresses(20).entries()) {
      const node = i % 2 === 0 ? nodes.first.app : nodes.second;
      codes.push((await tryFrom(node, address, { email: op.email, password: 'Wrong-pass-1', code: '000000' })).body.code);
    }
    expect(codes.indexOf('429')).toBe(OPERATOR_TRIES_PER_ACCOUNT);
  });
});

/** A key's text in the platform's locale file of a language. */
function localeText(language: string, key: string): string | undefined {
  const file = join(import.meta.dirname, '../../../shared/platform/src/locales', `${language}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}
