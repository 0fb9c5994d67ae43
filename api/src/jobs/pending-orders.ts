import type { AccountModeName, ContractOrder } from '@meridian/contracts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import type { Quote } from '../market/market-book.ts';
import { duePending, endPending, fillPendingAt, reachedPending } from '../trading/positions/pending.ts';
import { positionTerms } from '../trading/positions/positions.ts';
import type { TradingContext } from '../trading/trading-context.ts';

/** The owners a run touched (their figures and lists are pushed again) with the order each change ended in. */
export type Touched = { userId: string; mode: AccountModeName; order: ContractOrder }[];

interface Log {
  warn: (obj: object, msg: string) => void;
}

/**
 * Due work of limit orders, part 1 (after each tick, with the SL/TP/liquidation work): every pending
 * order whose limit a price change of the window reached opens at the first tick that reached it, each
 * in its own transaction (run again on a deadlock or serialization failure). Safe when two runs (or nodes) see the same window: a fill locks the owner and
 * takes the order only while it is still pending, and the database takes each once-per-order transfer
 * once (unique on type and reference). An order its owner's balance cannot open (a sell that gapped far
 * above its limit needs more margin than it held) stays pending for a later tick, or expires.
 */
export async function fillReachedOrders(
  ctx: TradingContext,
  windows: ReadonlyMap<number, readonly Quote[]>,
  log?: Log,
): Promise<{ touched: Touched; failed: Set<number> }> {
  // A failure here (the database, a setting) is logged and its instruments' windows are looked at again
  // on the next run (`failed`); it never stops the stop loss / take profit / liquidation work after it.
  let hits: Awaited<ReturnType<typeof reachedPending>>;
  let terms: Awaited<ReturnType<typeof positionTerms>>;
  const touched: Touched = [];
  try {
    hits = await reachedPending(ctx, windows);
    if (hits.length === 0) return { touched, failed: new Set() };
    terms = await positionTerms(ctx);
  } catch (error) {
    log?.warn({ err: error }, 'trading: limit orders not looked at');
    return { touched, failed: new Set(windows.keys()) };
  }
  const failed = new Set<number>();
  for (const hit of hits) {
    // An instrument an operator halted takes no new positions: its limit orders wait (or expire).
    if (terms.halted.has(hit.instrumentId)) continue;
    try {
      const order = await withMoneyTransaction(ctx.db, (tx) => fillPendingAt(ctx, tx, hit.id, hit.owner, hit.quote, terms));
      if (order) touched.push({ ...hit.owner, order });
    } catch (error) {
      failed.add(hit.instrumentId);
      log?.warn({ err: error, order: hit.id }, 'trading: a limit order fill failed');
    }
  }
  return { touched, failed };
}

/**
 * Due work of limit orders, part 2 (a scheduled job): every pending order whose expiry time `now` has
 * reached ends as `expired` and its hold goes back to cash, each in its own transaction, at most `batch`
 * a run (the next run takes the rest). Two runs at once expire each order once (conditional update
 * under the owner's lock; unique release transfer).
 */
export async function expireDueOrders(ctx: TradingContext, now: number, batch = 500, log?: Log): Promise<Touched> {
  const touched: Touched = [];
  for (const due of await duePending(ctx, now, batch)) {
    try {
      const order = await withMoneyTransaction(ctx.db, (tx) => endPending(ctx, tx, due.id, due.owner, 'expired', now));
      if (order) touched.push({ ...due.owner, order });
    } catch (error) {
      log?.warn({ err: error, order: due.id }, 'trading: a limit order expiry failed');
    }
  }
  return touched;
}
