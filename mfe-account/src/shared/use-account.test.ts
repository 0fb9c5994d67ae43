import { describe, expect, it } from 'vitest';
import type { BalanceUpdate, UserInfoResult } from '@meridian/contracts';
import { applyBalanceFrame } from './use-account.ts';

const info = {
  user: { id: 'u1' },
  account: {
    mode: 'demo',
    baseBalance: '100000',
    floatingPnL: '0',
    totalAssets: '100000',
    loanAmount: '0',
    bondAmount: '0',
    profit: '0',
    timestamp: 1_000,
  },
} as unknown as UserInfoResult;

/** The figures of a frame newer than `info`'s, as exact strings. */
const figures = {
  baseBalance: '99921.06830305',
  floatingPnL: '-1.25',
  totalAssets: '99998.75',
  loanAmount: '0',
  bondAmount: '78.150195',
  profit: '0',
  timestamp: 2_000,
};

const frame = (over: Partial<BalanceUpdate> = {}): BalanceUpdate => ({
  type: 'USER_BALANCE_UPDATE',
  userId: 'u1',
  mode: 'demo',
  ...figures,
  ...over,
});

describe('applyBalanceFrame (live balances on /profile)', () => {
  it('puts every figure of a frame of the shown mode in place, as exact strings', () => {
    expect(applyBalanceFrame(info, frame(), 'demo').account).toEqual({ mode: 'demo', ...figures });
  });

  it('takes a frame without a mode as the current account', () => {
    const { mode: _mode, ...noMode } = frame();
    expect(applyBalanceFrame(info, noMode, 'demo').account.bondAmount).toBe('78.150195');
  });

  it('ignores the other account and a frame older than the figures held', () => {
    expect(applyBalanceFrame(info, frame({ mode: 'real' }), 'demo')).toBe(info);
    expect(applyBalanceFrame(info, frame({ timestamp: 999 }), 'demo')).toBe(info);
  });
});

describe('applyBalanceFrame with per-currency figures (balance frame version 2)', () => {
  it('carries the currencies and the USD estimate of a version 2 frame, and none from a version 1 frame', () => {
    const currencies = [
      { currency: 'USD', balance: '10', total: '10', usdPrice: '1', usdValue: '10' },
      { currency: 'BTC', balance: '0.015', total: '0.015', usdPrice: '60000', usdValue: '900' },
    ];
    const next = applyBalanceFrame(info, frame({ version: 2, currencies, estimatedTotalUsd: '910' }), 'demo');
    expect(next.account).toMatchObject({ baseBalance: '99921.06830305', version: 2, currencies, estimatedTotalUsd: '910' });
    const old = applyBalanceFrame(next, frame({ timestamp: 3_000 }), 'demo');
    expect(old.account.currencies).toBeUndefined();
    expect(old.account.baseBalance).toBe('99921.06830305');
  });
});
