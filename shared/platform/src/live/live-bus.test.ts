import { describe, expect, it } from 'vitest';
import { serverFrame } from '@meridian/contracts/schemas';
import type { BalanceUpdate } from '@meridian/contracts';
import { applyFrame, createLiveBus } from './live-bus.ts';
import type { PnlFrame } from './live-bus.ts';

/** A bus with what its pnl$ and balance$ streams emitted; frames go through the contract's schema first. */
function harness(ownUserId: string | null = 'u1') {
  const bus = createLiveBus();
  const pnl: PnlFrame[] = [];
  const balances: BalanceUpdate[] = [];
  bus.pnl$.subscribe((frame) => pnl.push(frame));
  bus.balance$.subscribe((frame) => balances.push(frame));
  const receive = (raw: unknown) => applyFrame(bus, serverFrame.parse(raw), ownUserId);
  return { pnl, balances, receive };
}

const entry = (pnl: string, price: string, lastUpdateTime = 1_700_000_000_000) => ({ pnl, pnlPercent: '1', price, lastUpdateTime });
const figures = { baseBalance: '90', floatingPnL: '5', totalAssets: '95', loanAmount: '0', bondAmount: '10', profit: '-5', timestamp: 7 };

describe('live bus: batch frames (SPEC §6)', () => {
  it('a BATCH_REAL_TIME_PNL feeds pnl$ with every entry of the own user, as a single frame would', () => {
    const batch = harness();
    batch.receive({
      type: 'BATCH_REAL_TIME_PNL',
      mode: 'demo',
      data: { u1: { '1': entry('1.5', '100'), '2': entry('-2', '101'), '3': entry('0.25', '102', 1_700_000_000_500) } },
    });
    const single = harness();
    single.receive({
      type: 'REAL_TIME_PNL',
      mode: 'demo',
      data: { '1': entry('1.5', '100'), '2': entry('-2', '101'), '3': entry('0.25', '102', 1_700_000_000_500) },
    });
    expect(batch.pnl).toHaveLength(1);
    expect(Object.keys(batch.pnl[0]!)).toEqual(['1', '2', '3']);
    expect(batch.pnl[0]!['3']).toEqual({ pnl: '0.25', pnlPercent: '1', price: '102', lastUpdateTime: 1_700_000_000_500 });
    expect(batch.pnl).toEqual(single.pnl);
  });

  it("another user's entries in a batch never reach the streams", () => {
    const { pnl, balances, receive } = harness('u1');
    receive({ type: 'BATCH_REAL_TIME_PNL', data: { u2: { '9': entry('3', '1') } } });
    receive({ type: 'BATCH_USER_BALANCE_UPDATE', data: { u2: figures } });
    expect(pnl).toEqual([]);
    expect(balances).toEqual([]);
    // Signed out: nobody's.
    const out = harness(null);
    out.receive({ type: 'BATCH_REAL_TIME_PNL', data: { u1: { '9': entry('3', '1') } } });
    expect(out.pnl).toEqual([]);
  });

  it('a BATCH_USER_BALANCE_UPDATE feeds balance$ with the own figures and their account mode, as a single frame would', () => {
    const batch = harness();
    batch.receive({ type: 'BATCH_USER_BALANCE_UPDATE', mode: 'real', data: { u1: figures, u2: { ...figures, totalAssets: '1' } } });
    const single = harness();
    single.receive({ type: 'USER_BALANCE_UPDATE', userId: 'u1', mode: 'real', ...figures });
    expect(batch.balances).toEqual([{ type: 'USER_BALANCE_UPDATE', userId: 'u1', mode: 'real', ...figures }]);
    expect(batch.balances).toEqual(single.balances);
  });
});
