import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BALANCE_FIGURES_VERSION } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { decimalString, serverFrame } from '@meridian/contracts/schemas';
import { databaseKind } from '../helpers.ts';
import { creditDeposit } from '../ledger-helpers.ts';
import { withTradingApi } from '../trading/trading-fixture.ts';

// Account figures per currency plus the total in USD at live prices (balance figures version 2).
const t = withTradingApi();
beforeAll(async () => {
  await t.tick(t.btc.id, '60000.00');
  await t.tick(t.eth.id, '3000.00');
});

/** Credits `amount` of `currency` to the user's cash through the ledger (as an approved deposit would). */
const credit = (userId: string, mode: AccountModeName, currency: string, amount: string) =>
  creditDeposit(t.database.db, userId, mode, currency, amount, { kind: 'test', id: `figures-${currency}-${userId}` });

describe(`account figures per currency (${databaseKind})`, () => {
  it('answers only USD (its SPEC §3 figures unchanged) for a user who holds nothing else', async () => {
    const me = await t.user();
    const account = (await t.info(me, 'demo')) as unknown as Record<string, unknown>;
    expect(account).toMatchObject({ baseBalance: '100000', totalAssets: '100000', version: BALANCE_FIGURES_VERSION });
    expect(account.currencies).toEqual([{ currency: 'USD', balance: '100000', total: '100000', usdPrice: '1', usdValue: '100000' }]);
    expect(account.estimatedTotalUsd).toBe('100000');
  });

  it('adds BTC and ETH at their live USD prices to the estimated total, and leaves the USD figures alone', async () => {
    const me = await t.user();
    await credit(me.userId, 'real', 'BTC', '0.015');
    await credit(me.userId, 'real', 'ETH', '0.2');
    const account = (await t.info(me, 'real')) as unknown as { currencies: unknown[]; estimatedTotalUsd: string; baseBalance: string };
    expect(account.baseBalance).toBe('0');
    expect(account.currencies).toEqual([
      { currency: 'USD', balance: '0', total: '0', usdPrice: '1', usdValue: '0' },
      { currency: 'BTC', balance: '0.015', total: '0.015', usdPrice: '60000', usdValue: '900' },
      { currency: 'ETH', balance: '0.2', total: '0.2', usdPrice: '3000', usdValue: '600' },
    ]);
    expect(account.estimatedTotalUsd).toBe('1500');
    // The price moves: so does the estimate (never the balances).
    await t.tick(t.btc.id, '61000.00');
    const after = (await t.info(me, 'real')) as unknown as { estimatedTotalUsd: string };
    expect(after.estimatedTotalUsd).toBe('1515');
    // The other mode holds none of it.
    const demo = (await t.info(me, 'demo')) as unknown as { currencies: { currency: string }[] };
    expect(demo.currencies.map((c) => c.currency)).toEqual(['USD']);
  });
});

describe('the balance frame contract (version 2, additive)', () => {
  /** The figures as a version 1 client declared them (before currencies). */
  const versionOneFigures = z.object({
    type: z.literal('USER_BALANCE_UPDATE'),
    userId: z.string(),
    baseBalance: decimalString,
    floatingPnL: decimalString,
    totalAssets: decimalString,
    loanAmount: decimalString,
    bondAmount: decimalString,
    profit: decimalString,
    timestamp: z.number().int(),
  });
  const base = {
    userId: 'u1',
    baseBalance: '10',
    floatingPnL: '0',
    totalAssets: '10',
    loanAmount: '0',
    bondAmount: '0',
    profit: '0',
    timestamp: 1,
  };
  const v2 = {
    type: 'USER_BALANCE_UPDATE' as const,
    mode: 'real' as const,
    ...base,
    version: 2,
    currencies: [
      { currency: 'USD', balance: '10', total: '10', usdPrice: '1', usdValue: '10' },
      { currency: 'BTC', balance: '0.015', total: '0.015', usdPrice: null, usdValue: null },
    ],
    estimatedTotalUsd: '10',
  };

  it('a version 1 client still parses a version 2 frame, with the same figures', () => {
    expect(versionOneFigures.parse(v2)).toEqual({ type: 'USER_BALANCE_UPDATE', ...base });
  });

  it('the version 2 schema parses old frames and new ones, single and batch', () => {
    expect(serverFrame.parse({ type: 'USER_BALANCE_UPDATE', ...base })).toMatchObject(base);
    expect(serverFrame.parse(v2)).toMatchObject({ currencies: v2.currencies, estimatedTotalUsd: '10', version: 2 });
    const { type: _type, userId: _userId, mode: _mode, ...figures } = v2;
    expect(serverFrame.parse({ type: 'BATCH_USER_BALANCE_UPDATE', data: { u1: figures } })).toMatchObject({
      data: { u1: { estimatedTotalUsd: '10' } },
    });
    expect(serverFrame.safeParse({ ...v2, currencies: [{ currency: 'BTC', balance: 0.015 }] }).success).toBe(false);
  });
});
