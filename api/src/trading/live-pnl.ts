import { and, eq, inArray } from 'drizzle-orm';
import { PNL_THRESHOLDS, money, moneyString, pnlPercent, rawPnl, toPnl } from '@meridian/contracts';
import type { ContractSide } from '@meridian/contracts';
import { contractOrders } from '../db/schema.ts';
import { orderKeyColumns } from './positions/order-rows.ts';
import type { TradingContext } from './trading-context.ts';

/** One order's live figures (SPEC §6 `REAL_TIME_PNL` entry), with the time of the price they are at (epoch ms). */
export interface PnlEntry {
  pnl: string;
  pnlPercent: string;
  price: string;
  lastUpdateTime: number;
}

/**
 * What one tick changed for one user: the entries that moved past the thresholds (the live connection
 * sends one entry as `REAL_TIME_PNL`, several as one `BATCH_REAL_TIME_PNL`).
 */
export interface PnlPush {
  userId: string;
  mode: string;
  data: Record<string, PnlEntry>;
}

/** True when an entry moved enough to be stored and pushed (SPEC §4: PnL or PnL % by ≥ 0.1, or price by ≥ 0.01). */
function movedEnough(before: Omit<PnlEntry, 'lastUpdateTime'> | undefined, after: Omit<PnlEntry, 'lastUpdateTime'>): boolean {
  if (!before) return true;
  return (
    money(after.pnl).minus(before.pnl).abs().gte(PNL_THRESHOLDS.pnl) ||
    money(after.pnlPercent).minus(before.pnlPercent).abs().gte(PNL_THRESHOLDS.pnlPercent) ||
    money(after.price).minus(before.price).abs().gte(PNL_THRESHOLDS.price)
  );
}

/**
 * Live PnL of holding positions, worked out on the feed's leader after each tick: for the instruments
 * that moved, each position's PnL at the new price, kept per order and pushed to its owner only when
 * it moved past the thresholds.
 */
export class LivePnl {
  /** The last pushed entry per holding order (with its instrument, to forget orders no longer holding). */
  private readonly last = new Map<string, PnlEntry & { instrumentId: number }>();

  constructor(private readonly ctx: TradingContext) {}

  async afterTick(ids: readonly number[]): Promise<PnlPush[]> {
    if (ids.length === 0) return [];
    const rows = await this.ctx.db
      .select({
        ...orderKeyColumns,
        openPrice: contractOrders.openPrice,
        lots: contractOrders.lots,
        contractSize: contractOrders.contractSize,
        margin: contractOrders.margin,
      })
      .from(contractOrders)
      .where(and(eq(contractOrders.status, 'holding'), inArray(contractOrders.instrumentId, [...ids])));
    const pushes = new Map<string, PnlPush>();
    // Orders of these instruments that are no longer holding (closed by the user, a reset, another node) are forgotten.
    const holding = new Set(rows.map((row) => String(row.id)));
    const ticked = new Set(ids);
    for (const [id, entry] of this.last) if (ticked.has(entry.instrumentId) && !holding.has(id)) this.last.delete(id);
    for (const row of rows) {
      const quote = this.ctx.market.book.quote(row.instrumentId);
      if (!quote) continue;
      const pnl = toPnl(rawPnl(row.side as ContractSide, row.openPrice, quote.price, row.lots, row.contractSize));
      const entry: PnlEntry = {
        pnl: moneyString(pnl),
        pnlPercent: moneyString(pnlPercent(pnl, row.margin)),
        price: moneyString(quote.price),
        lastUpdateTime: quote.time,
      };
      if (!movedEnough(this.last.get(String(row.id)), entry)) continue;
      this.last.set(String(row.id), { ...entry, instrumentId: row.instrumentId });
      const key = `${row.userId}:${row.mode}`;
      const push = pushes.get(key) ?? { userId: row.userId, mode: row.mode, data: {} };
      push.data[String(row.id)] = entry;
      pushes.set(key, push);
    }
    return [...pushes.values()];
  }

  /** A closed order is not followed any more. */
  forget(orderId: string): void {
    this.last.delete(orderId);
  }

  /** How many orders are followed (tests). */
  get size(): number {
    return this.last.size;
  }
}
