import { asc, eq, sql } from 'drizzle-orm';
import { moneyString } from '@meridian/contracts';
import type { AccountModeName, CloseReason, ContractOrder } from '@meridian/contracts';
import type { Database } from '../../db/database.ts';
import { closeTriggers, contractOrders } from '../../db/schema.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { Quote } from '../../market/market-book.ts';
import type { TradingContext } from '../trading-context.ts';
import type { Owner } from './order-rows.ts';
import { closePositionAt, triggeredPositions } from './positions.ts';

interface Log {
  warn: (obj: object, msg: string) => void;
}

interface RecordedTrigger {
  orderId: number;
  owner: Owner;
  quote: Quote;
  reason: CloseReason;
}

/**
 * Records a stop loss, take profit or liquidation that fired, before its close is tried (committed on
 * its own): the first record of an order wins, so a close retried later uses the tick that first crossed.
 * Answers the trigger as stored.
 */
async function recordTrigger(
  db: Database,
  orderId: number,
  quote: Quote,
  reason: CloseReason,
): Promise<{ quote: Quote; reason: CloseReason }> {
  const [row] = await db
    .insert(closeTriggers)
    .values({ orderId, price: quote.price, time: quote.time, reason })
    .onConflictDoUpdate({ target: closeTriggers.orderId, set: { orderId: sql`${closeTriggers.orderId}` } })
    .returning();
  return { quote: { price: moneyString(row!.price), time: row!.time }, reason: row!.reason as CloseReason };
}

/**
 * Closes a position at its recorded trigger and deletes the record, in one transaction; a position no
 * longer holding (closed by its owner meanwhile) only loses the record. Throws when the close fails (the
 * record stays for the next try).
 */
async function closeAtTrigger(ctx: TradingContext, trigger: RecordedTrigger): Promise<ContractOrder | null> {
  return withMoneyTransaction(ctx.db, async (tx) => {
    const closed = await closePositionAt(ctx, tx, trigger.orderId, trigger.owner, trigger.quote, trigger.reason);
    await tx.delete(closeTriggers).where(eq(closeTriggers.orderId, trigger.orderId));
    return closed?.order ?? null;
  });
}

async function noteFailure(db: Database, orderId: number, error: unknown): Promise<void> {
  await db
    .update(closeTriggers)
    .set({ attempts: sql`${closeTriggers.attempts} + 1`, lastError: String(error).slice(0, 500) })
    .where(eq(closeTriggers.orderId, orderId))
    .catch(() => undefined);
}

/**
 * Closes every position the window triggers (SPEC §0 rule 3): each trigger is recorded durably with the
 * tick that crossed, then the close is tried at that tick in its own transaction. A close that fails is
 * logged and stays recorded; `retryTriggeredCloses` (a scheduled job) tries it again at the same price
 * until it succeeds. Answers the owners touched.
 */
export async function closeTriggeredDurably(ctx: TradingContext, windows: ReadonlyMap<number, readonly Quote[]>, log?: Log) {
  const touched: { userId: string; mode: AccountModeName; order: ContractOrder }[] = [];
  for (const hit of await triggeredPositions(ctx, windows)) {
    try {
      const stored = await recordTrigger(ctx.db, hit.id, hit.quote, hit.reason);
      const order = await closeAtTrigger(ctx, { orderId: hit.id, owner: hit.owner, ...stored });
      if (order) touched.push({ ...hit.owner, order });
    } catch (error) {
      log?.warn({ err: error, order: hit.id }, 'trading: a triggered close failed; it is retried at the same price');
      await noteFailure(ctx.db, hit.id, error);
    }
  }
  return touched;
}

/**
 * Retries the recorded triggers whose close has not happened (oldest first, at most `limit` a run), each
 * at its recorded price and time. Safe on several nodes: the close locks the owner and takes the position
 * only while it is holding; the settlement transfers are unique per order.
 */
export async function retryTriggeredCloses(ctx: TradingContext, limit = 200, log?: Log) {
  const rows = await ctx.db
    .select({
      orderId: closeTriggers.orderId,
      price: closeTriggers.price,
      time: closeTriggers.time,
      reason: closeTriggers.reason,
      userId: contractOrders.userId,
      mode: contractOrders.mode,
    })
    .from(closeTriggers)
    .innerJoin(contractOrders, eq(contractOrders.id, closeTriggers.orderId))
    .orderBy(asc(closeTriggers.time), asc(closeTriggers.orderId))
    .limit(limit);
  const touched: { userId: string; mode: AccountModeName; order: ContractOrder }[] = [];
  for (const row of rows) {
    const owner = { userId: row.userId, mode: row.mode as AccountModeName };
    try {
      const order = await closeAtTrigger(ctx, {
        orderId: row.orderId,
        owner,
        quote: { price: moneyString(row.price), time: row.time },
        reason: row.reason as CloseReason,
      });
      if (order) touched.push({ ...owner, order });
    } catch (error) {
      log?.warn({ err: error, order: row.orderId }, 'trading: a triggered close failed again; retried on the next run');
      await noteFailure(ctx.db, row.orderId, error);
    }
  }
  return touched;
}
