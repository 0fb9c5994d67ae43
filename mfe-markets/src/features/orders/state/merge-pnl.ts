import { pnlPercent, triggeredClose } from '@meridian/contracts';
import type { ContractOrder, OptionsOrder } from '@meridian/contracts';
import type { PnlFrame } from '@meridian/platform';

/** One position's latest REAL_TIME_PNL entry and when it arrived (epoch ms). */
interface LivePnl {
  pnl: string;
  pnlPercent: string;
  price: string;
  at: number;
}
export type LivePnlMap = ReadonlyMap<string, LivePnl>;

/** Folds one REAL_TIME_PNL frame (`{orderId: {pnl, pnlPercent, price}}`) into what is known. */
export function foldPnlFrame(known: LivePnlMap, frame: PnlFrame, at: number): LivePnlMap {
  const next = new Map(known);
  for (const [orderId, entry] of Object.entries(frame)) next.set(orderId, { ...entry, at });
  return next;
}

/** A holding position as shown: the listed order with its PnL %, and whether its figures are live. */
export type PositionRow = ContractOrder & { pnlPercent: string | null; live: boolean };

/**
 * Holding positions as listed, each one's floating PnL, PnL % and mark price taken from its live frame
 * when that frame arrived after the list was read (`listedAt`); otherwise the listed figures, with the
 * PnL % computed from them like the server does.
 */
export function mergePnl(items: readonly ContractOrder[], live: LivePnlMap, listedAt: number): PositionRow[] {
  return items.map((item) => {
    const entry = live.get(item.id);
    if (entry && entry.at >= listedAt) {
      return { ...item, floatingPnl: entry.pnl, markPrice: entry.price, pnlPercent: entry.pnlPercent, live: true };
    }
    const percent = item.floatingPnl === null ? null : pnlPercent(item.floatingPnl, item.margin).toFixed(2);
    return { ...item, pnlPercent: percent, live: false };
  });
}

/** True when a row's mark price has reached its stop loss, take profit or liquidation price (the server closes it). */
export function anyTriggered(rows: readonly PositionRow[]): boolean {
  return rows.some((row) => row.status === 'holding' && row.markPrice !== null && triggeredClose(row, row.markPrice) !== null);
}

/** A little after the due time, so the settlement job has run when the list is read again. */
const SETTLE_GRACE_MS = 1_000;

/**
 * When the open options list should be read again: just after the next order is due to settle, then
 * every second while one is overdue and still open; never while none is open.
 */
export function nextSettleRefetch(items: readonly Pick<OptionsOrder, 'settleAt' | 'status'>[], now: number): number | false {
  const due = items.filter((o) => o.status === 'open').map((o) => o.settleAt);
  if (due.length === 0) return false;
  return Math.max(SETTLE_GRACE_MS, Math.min(...due) - now + SETTLE_GRACE_MS);
}
