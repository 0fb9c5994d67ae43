import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { MONEY_CODES, Money, contractFee, contractMargin, liquidationPrice, money } from '@meridian/contracts';
import type { AccountModeName, BuyContractsBody, ContractOrder, ContractSide } from '@meridian/contracts';
import { PENDING_ORDER_TTL_MS, limitReached } from '@meridian/contracts/schemas';
import type { Transaction } from '../../db/database.ts';
import { contractOrders } from '../../db/schema.ts';
import type { Leg } from '../../ledger/ledger.ts';
import type { Instrument } from '../../market/catalogue/catalogue.ts';
import type { Quote } from '../../market/market-book.ts';
import { ownOrder } from './order-rows.ts';
import type { Owner } from './order-rows.ts';
import { ordersInWindows } from './window-ranges.ts';
import { ApiFailure } from '../../plugins/envelope.ts';
import type { TradingContext } from '../trading-context.ts';
import { contractOrderOf } from './positions.ts';
import type { PositionTerms } from './positions.ts';

/**
 * Places a limit order (SPEC §4 pending) whose limit the current price has not reached: margin and
 * fee at the limit price move from cash to the order hold in the same transaction (10011 when cash
 * does not cover them, checked under the owner's row lock), and it waits until the feed reaches the
 * limit or PENDING_ORDER_TTL_MS passes. Leverage, lots, session and SL/TP (against the limit price)
 * are checked by the caller as for a market order.
 */
export async function placePending(
  ctx: TradingContext,
  tx: Transaction,
  owner: Owner,
  instrument: Instrument,
  body: BuyContractsBody & { limitPrice: string },
  quote: Quote,
  terms: PositionTerms,
): Promise<ContractOrder> {
  const size = instrument.contractSize.toFixed();
  const limit = body.limitPrice;
  const margin = contractMargin(limit, body.lots, size, body.leverage);
  const fee = contractFee(limit, body.lots, size, terms.feePercent);
  if (margin.isZero()) throw new ApiFailure(MONEY_CODES.amountWrong, 'the order is too small');
  const held = margin.plus(fee);
  await ctx.ledger.lockOwner(tx, owner.userId, owner.mode);
  const [row] = await tx
    .insert(contractOrders)
    .values({
      userId: owner.userId,
      mode: owner.mode,
      instrumentId: instrument.id,
      side: body.side,
      lots: body.lots,
      leverage: body.leverage,
      contractSize: size,
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      // Until it fills: the limit as the expected open, the placement tick's time, the liquidation at the limit.
      openPrice: limit,
      openTime: quote.time,
      stopLoss: body.stopLoss ?? null,
      takeProfit: body.takeProfit ?? null,
      liquidationPrice: liquidationPrice(body.side, limit, body.lots, size, margin, terms.maintenance).toFixed(),
      status: 'pending',
      orderType: 'limit',
      limitPrice: limit,
      expiresAt: ctx.now() + PENDING_ORDER_TTL_MS,
      held: held.toFixed(),
    })
    .returning();
  await ctx.ledger.post(tx, {
    userId: owner.userId,
    mode: owner.mode,
    reference: { kind: 'contract', id: String(row!.id) },
    legs: [{ type: 'contract_hold', from: { user: 'cash' }, to: { user: 'order_hold' }, amount: held }],
  });
  return contractOrderOf(ctx, row!);
}

/**
 * The transfers of a fill: the margin and fee at the fill price come out of the hold first (a fill at a
 * better price than the limit leaves part of it, which goes back to cash); when they are larger (a sell
 * that gapped above its limit) the rest comes from cash, like a market order's.
 */
function fillLegs(held: Money, margin: Money, fee: Money): Leg[] {
  const fromHoldMargin = Money.min(margin, held);
  const fromHoldFee = Money.min(fee, held.minus(fromHoldMargin));
  return [
    { type: 'contract_hold_margin', from: { user: 'order_hold' }, to: { user: 'margin' }, amount: fromHoldMargin },
    { type: 'contract_margin', from: { user: 'cash' }, to: { user: 'margin' }, amount: margin.minus(fromHoldMargin) },
    { type: 'contract_hold_fee', from: { user: 'order_hold' }, to: { system: 'fees_income' }, amount: fromHoldFee },
    { type: 'contract_fee', from: { user: 'cash' }, to: { system: 'fees_income' }, amount: fee.minus(fromHoldFee) },
    {
      type: 'contract_hold_release',
      from: { user: 'order_hold' },
      to: { user: 'cash' },
      amount: held.minus(fromHoldMargin).minus(fromHoldFee),
    },
  ];
}

/**
 * Opens a pending order at `quote`, the tick that reached its limit (honest settlement: the open price
 * is that tick's price, margin and fee are computed from it with the market order's formulas), inside
 * `tx` after locking its owner. Answers null when it is not pending any more (filled by another run or
 * node, cancelled, expired) or the tick came after its expiry, so no order ever fills twice.
 */
export async function fillPendingAt(
  ctx: TradingContext,
  tx: Transaction,
  orderId: number,
  owner: Owner,
  quote: Quote,
  terms: Pick<PositionTerms, 'feePercent' | 'maintenance'>,
): Promise<ContractOrder | null> {
  await ctx.ledger.lockOwner(tx, owner.userId, owner.mode);
  const [row] = await tx
    .select()
    .from(contractOrders)
    .where(ownOrder(orderId, owner, 'pending'));
  if (!row || row.limitPrice === null || row.held === null) return null;
  const side = row.side as ContractSide;
  if (!limitReached(side, row.limitPrice, quote.price)) return null;
  if (row.expiresAt !== null && quote.time >= row.expiresAt) return null;
  const margin = contractMargin(quote.price, row.lots, row.contractSize, row.leverage);
  const fee = contractFee(quote.price, row.lots, row.contractSize, terms.feePercent);
  const liquidation = liquidationPrice(side, quote.price, row.lots, row.contractSize, margin, terms.maintenance);
  const [opened] = await tx
    .update(contractOrders)
    .set({
      status: 'holding',
      openPrice: quote.price,
      openTime: quote.time,
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      liquidationPrice: liquidation.toFixed(),
    })
    .where(and(eq(contractOrders.id, orderId), eq(contractOrders.status, 'pending')))
    .returning();
  if (!opened) return null;
  await ctx.ledger.post(tx, {
    userId: owner.userId,
    mode: owner.mode,
    reference: { kind: 'contract', id: String(orderId) },
    legs: fillLegs(money(row.held), margin, fee),
  });
  return contractOrderOf(ctx, opened);
}

/**
 * Ends a pending order without opening it — the user cancels it (`cancelled`, at `at`) or its time ran
 * out (`expired`, at its expiry time) — and releases its whole hold to cash, inside `tx` after locking
 * the owner. Answers null when it is not pending (or, for an expiry, not due yet).
 */
export async function endPending(
  ctx: TradingContext,
  tx: Transaction,
  orderId: number,
  owner: Owner,
  outcome: 'cancelled' | 'expired',
  at: number,
): Promise<ContractOrder | null> {
  await ctx.ledger.lockOwner(tx, owner.userId, owner.mode);
  const [ended] = await tx
    .update(contractOrders)
    .set({ status: outcome, closeTime: outcome === 'expired' ? sql`${contractOrders.expiresAt}` : at })
    .where(ownOrder(orderId, owner, 'pending', outcome === 'expired' ? lte(contractOrders.expiresAt, at) : undefined))
    .returning();
  if (!ended || ended.held === null) return null;
  await ctx.ledger.post(tx, {
    userId: owner.userId,
    mode: owner.mode,
    reference: { kind: 'contract', id: String(orderId) },
    legs: [{ type: 'contract_hold_release', from: { user: 'order_hold' }, to: { user: 'cash' }, amount: money(ended.held) }],
  });
  return contractOrderOf(ctx, ended);
}

/** `cancelOrder/{id}`: the user cancels their pending order; 10103 when it is not pending (filled, ended, not theirs). */
export async function cancelPending(ctx: TradingContext, tx: Transaction, owner: Owner, orderId: number): Promise<ContractOrder> {
  const cancelled = await endPending(ctx, tx, orderId, owner, 'cancelled', ctx.now());
  if (!cancelled) throw new ApiFailure(MONEY_CODES.closeFailed, 'cancel failed: the order is not pending');
  return cancelled;
}

/** Every pending order of a user and mode is cancelled (a demo reset), inside `tx`. */
export async function cancelAllPending(ctx: TradingContext, tx: Transaction, owner: Owner): Promise<number> {
  const rows = await tx
    .select({ id: contractOrders.id })
    .from(contractOrders)
    .where(and(eq(contractOrders.userId, owner.userId), eq(contractOrders.mode, owner.mode), eq(contractOrders.status, 'pending')))
    .orderBy(asc(contractOrders.id));
  for (const row of rows) await endPending(ctx, tx, row.id, owner, 'cancelled', ctx.now());
  return rows.length;
}

/** The pending orders whose limit some tick of the windows reached, each with the first such tick after its placement and before its expiry. */
export async function reachedPending(ctx: TradingContext, windows: ReadonlyMap<number, readonly Quote[]>) {
  const rows = await ordersInWindows(
    ctx.db,
    windows,
    'pending',
    { limitPrice: contractOrders.limitPrice, expiresAt: contractOrders.expiresAt },
    sql`(${contractOrders.side} = 'buy' and p.low <= ${contractOrders.limitPrice})
      or (${contractOrders.side} = 'sell' and p.high >= ${contractOrders.limitPrice})`,
  );
  return rows.flatMap((row) => {
    for (const quote of windows.get(row.instrumentId) ?? []) {
      if (quote.time <= row.openTime) continue;
      if (row.expiresAt !== null && quote.time >= row.expiresAt) break;
      if (limitReached(row.side as ContractSide, row.limitPrice!, quote.price)) {
        return [{ id: row.id, instrumentId: row.instrumentId, owner: { userId: row.userId, mode: row.mode as AccountModeName }, quote }];
      }
    }
    return [];
  });
}

/** The pending orders whose expiry time has come (`now`), oldest first, at most `limit`. */
export async function duePending(ctx: TradingContext, now: number, limit: number) {
  const rows = await ctx.db
    .select({ id: contractOrders.id, userId: contractOrders.userId, mode: contractOrders.mode })
    .from(contractOrders)
    .where(and(eq(contractOrders.status, 'pending'), lte(contractOrders.expiresAt, now)))
    .orderBy(asc(contractOrders.expiresAt), asc(contractOrders.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, owner: { userId: row.userId, mode: row.mode as AccountModeName } }));
}
