import { describe, expect, it } from 'vitest';
import { contractOrder } from '../../../shared/contract-order-fixture.ts';
import { anyTriggered, foldPnlFrame, mergePnl, nextSettleRefetch } from './merge-pnl.ts';
import type { LivePnlMap } from './merge-pnl.ts';

const position = contractOrder;

describe('foldPnlFrame', () => {
  it('keeps the latest entry of each order, stamped with when it arrived', () => {
    let known: LivePnlMap = new Map();
    known = foldPnlFrame(known, { '1': { pnl: '1', pnlPercent: '2', price: '50100' }, '2': { pnl: '3', pnlPercent: '4', price: '9' } }, 10);
    known = foldPnlFrame(known, { '1': { pnl: '7', pnlPercent: '14', price: '50700' } }, 20);
    expect(known.get('1')).toEqual({ pnl: '7', pnlPercent: '14', price: '50700', at: 20 });
    expect(known.get('2')).toEqual({ pnl: '3', pnlPercent: '4', price: '9', at: 10 });
  });
});

describe('mergePnl', () => {
  it('shows the listed figures with their PnL % while no newer frame has come', () => {
    const [row] = mergePnl([position()], new Map(), 100);
    expect(row).toMatchObject({ floatingPnl: '5', markPrice: '50500', pnlPercent: '10.00', live: false });
  });

  it('lays a frame newer than the listing over the listed PnL, PnL % and mark price', () => {
    const live: LivePnlMap = new Map([['1', { pnl: '-12.5', pnlPercent: '-25', price: '48750', at: 150 }]]);
    const [row] = mergePnl([position()], live, 100);
    expect(row).toMatchObject({ id: '1', floatingPnl: '-12.5', pnlPercent: '-25', markPrice: '48750', live: true, margin: '50' });
  });

  it('ignores a frame older than the listing (the list was read after it)', () => {
    const live: LivePnlMap = new Map([['1', { pnl: '-12.5', pnlPercent: '-25', price: '48750', at: 50 }]]);
    expect(mergePnl([position()], live, 100)[0]).toMatchObject({ floatingPnl: '5', live: false });
  });

  it('touches only the order a frame names, and keeps a position without a price as it is', () => {
    const live: LivePnlMap = new Map([['2', { pnl: '1', pnlPercent: '1', price: '1', at: 500 }]]);
    const rows = mergePnl([position(), position({ id: '3', floatingPnl: null, markPrice: null })], live, 100);
    expect(rows.map((r) => [r.id, r.floatingPnl, r.pnlPercent, r.live])).toEqual([
      ['1', '5', '10.00', false],
      ['3', null, null, false],
    ]);
  });
});

describe('anyTriggered', () => {
  it('sees a live price at a stop loss, a take profit or the liquidation price', () => {
    const at = (markPrice: string) => anyTriggered(mergePnl([position({ markPrice })], new Map(), 0));
    expect(at('50500')).toBe(false);
    expect(at('49000')).toBe(true);
    expect(at('52000')).toBe(true);
    expect(at('47000')).toBe(true);
  });
});

describe('nextSettleRefetch', () => {
  it('reads the open options again just after the next one is due, then every second while it is overdue', () => {
    const open = (settleAt: number) => ({ settleAt, status: 'open' as const });
    expect(nextSettleRefetch([open(10_000), open(5_000)], 0)).toBe(6_000);
    expect(nextSettleRefetch([open(5_000)], 5_500)).toBe(1_000);
    expect(nextSettleRefetch([], 0)).toBe(false);
    expect(nextSettleRefetch([{ settleAt: 1, status: 'won' }], 0)).toBe(false);
  });
});
