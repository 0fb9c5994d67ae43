import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  MONEY_CODES,
  contractFee,
  contractMargin,
  liquidationPrice,
  money,
  moneyString,
  rawPnl,
  settledPnl,
  stopLossReasonable,
  takeProfitReasonable,
  toPnl,
  triggeredClose,
} from '@meridian/contracts';
import type {
  AccountModeName,
  BuyContractsBody,
  CloseReason,
  ContractOrder,
  ContractSide,
  ListOrderQuery,
  ListOrderResult,
  Money,
} from '@meridian/contracts';
import { limitReached, lotsBreach } from '@meridian/contracts/schemas';
import type { Transaction } from '../../db/database.ts';
import { closeTriggers, contractOrders } from '../../db/schema.ts';
import type { Leg, Reader } from '../../ledger/ledger.ts';
import { lotTermsOf } from '../../market/catalogue/catalogue.ts';
import type { Quote } from '../../market/market-book.ts';
import { ownOrder } from './order-rows.ts';
import { ordersInWindows } from './window-ranges.ts';
import { ApiFailure } from '../../plugins/envelope.ts';
import { haltedInstruments, instrumentOf, percentSetting, tradableQuote } from '../trading-context.ts';
import type { TradingContext } from '../trading-context.ts';
import { placePending } from './pending.ts';

type OrderRow = typeof contractOrders.$inferSelect;

const plain = (value: string | null) => (value === null ? null : moneyString(value));

/** The order as the user sees it; a holding one with its mark price and floating PnL. */
export function contractOrderOf(ctx: TradingContext, row: OrderRow): ContractOrder {
  const instrument = ctx.market.catalogue.byId(row.instrumentId);
  const mark = row.status === 'holding' ? ctx.market.book.quote(row.instrumentId) : undefined;
  return {
    id: String(row.id),
    orderType: row.orderType as ContractOrder['orderType'],
    limitPrice: plain(row.limitPrice),
    expiresAt: row.expiresAt,
    held: row.status === 'pending' ? plain(row.held) : null,
    instrumentId: row.instrumentId,
    code: instrument?.code ?? '',
    name: instrument?.name ?? '',
    side: row.side as ContractSide,
    lots: moneyString(row.lots),
    leverage: row.leverage,
    contractSize: moneyString(row.contractSize),
    margin: moneyString(row.margin),
    fee: moneyString(row.fee),
    openPrice: moneyString(row.openPrice),
    openTime: row.openTime,
    stopLoss: plain(row.stopLoss),
    takeProfit: plain(row.takeProfit),
    liquidationPrice: moneyString(row.liquidationPrice),
    status: row.status as ContractOrder['status'],
    markPrice: mark ? moneyString(mark.price) : null,
    floatingPnl: mark ? moneyString(toPnl(rawPnl(row.side as ContractSide, row.openPrice, mark.price, row.lots, row.contractSize))) : null,
    closePrice: plain(row.closePrice),
    closeTime: row.closeTime,
    closeReason: row.closeReason as CloseReason | null,
    realizedProfit: plain(row.realizedProfit),
  };
}

/** The settings a new position is opened on. */
export interface PositionTerms {
  feePercent: Money;
  maintenance: Money;
  /** Instruments halted by an operator: no new positions. */
  halted: ReadonlySet<number>;
}

/** Reads the position terms from the settings (before the order's transaction: settings are not read inside one). */
export async function positionTerms(ctx: TradingContext): Promise<PositionTerms> {
  return {
    feePercent: await percentSetting(ctx, 'trading_fee_percent'),
    maintenance: await percentSetting(ctx, 'maintenance_margin_percent'),
    halted: await haltedInstruments(ctx),
  };
}

/**
 * `buyContracts` (SPEC §5.7): opens a position at the instrument's current price. Margin and fee leave
 * the free balance in the same transaction (10011 when it does not cover both); SL/TP must sit on
 * their sides of the open price (10099/10100); only the instrument's leverages (10104), lots within its
 * bounds (10016) and only in its trading session (10015). With a limit price the price has not reached,
 * the order waits as pending instead (`placePending`).
 */
export async function openPosition(
  ctx: TradingContext,
  tx: Transaction,
  userId: string,
  mode: AccountModeName,
  body: BuyContractsBody,
  terms: PositionTerms,
): Promise<ContractOrder> {
  const instrument = instrumentOf(ctx, body.instrumentId);
  if (!instrument.leverages.includes(body.leverage)) {
    throw new ApiFailure(MONEY_CODES.leverageNotOffered, `leverage ${body.leverage} is not offered for ${instrument.code}`);
  }
  const lotTerms = lotTermsOf(instrument);
  const breach = lotsBreach(body.lots, lotTerms);
  if (breach) {
    throw new ApiFailure(
      MONEY_CODES.amountWrong,
      `${instrument.code} trades ${lotTerms.min} to ${lotTerms.max} lots in steps of ${lotTerms.step} (${breach})`,
    );
  }
  const quote = tradableQuote(ctx, instrument, terms.halted);
  const stopLoss = body.stopLoss ?? null;
  const takeProfit = body.takeProfit ?? null;
  const limit = body.limitPrice ?? null;
  // A limit the price has not reached waits as pending with margin and fee held; one it has reached
  // (a buy limit at or above the price, a sell limit at or below) opens at once at the current price.
  const waits = limit !== null && !limitReached(body.side, limit, quote.price);
  // Stop loss and take profit sit on their sides of the expected open: the limit while it waits.
  const expectedOpen = waits ? limit : quote.price;
  if (stopLoss !== null && !stopLossReasonable(body.side, expectedOpen, stopLoss)) {
    throw new ApiFailure(MONEY_CODES.stopLossUnreasonable, 'stop loss price unreasonable');
  }
  if (takeProfit !== null && !takeProfitReasonable(body.side, expectedOpen, takeProfit)) {
    throw new ApiFailure(MONEY_CODES.takeProfitUnreasonable, 'take profit price unreasonable');
  }
  if (waits) {
    return placePending(ctx, tx, { userId, mode }, instrument, { ...body, limitPrice: limit }, quote, terms);
  }
  const { feePercent, maintenance } = terms;
  const size = instrument.contractSize.toFixed();
  const margin = contractMargin(quote.price, body.lots, size, body.leverage);
  const fee = contractFee(quote.price, body.lots, size, feePercent);
  if (margin.isZero()) throw new ApiFailure(MONEY_CODES.amountWrong, 'the position is too small');
  const liquidation = liquidationPrice(body.side, quote.price, body.lots, size, margin, maintenance);

  await ctx.ledger.lockOwner(tx, userId, mode);
  const [row] = await tx
    .insert(contractOrders)
    .values({
      userId,
      mode,
      instrumentId: instrument.id,
      side: body.side,
      lots: body.lots,
      leverage: body.leverage,
      contractSize: size,
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      openPrice: quote.price,
      openTime: quote.time,
      stopLoss,
      takeProfit,
      liquidationPrice: liquidation.toFixed(),
      status: 'holding',
      orderType: limit === null ? 'market' : 'limit',
      limitPrice: limit,
    })
    .returning();
  await ctx.ledger.post(tx, {
    userId,
    mode,
    reference: { kind: 'contract', id: String(row!.id) },
    legs: [
      { type: 'contract_margin', from: { user: 'cash' }, to: { user: 'margin' }, amount: margin },
      { type: 'contract_fee', from: { user: 'cash' }, to: { system: 'fees_income' }, amount: fee },
    ],
  });
  return contractOrderOf(ctx, row!);
}

/** The transfers that settle a position's margin and result. */
function closingLegs(margin: Money, pnl: Money): Leg[] {
  if (pnl.gte(0)) {
    return [
      { type: 'contract_margin_release', from: { user: 'margin' }, to: { user: 'cash' }, amount: margin },
      { type: 'contract_profit', from: { system: 'house_pnl' }, to: { user: 'cash' }, amount: pnl },
    ];
  }
  const loss = pnl.neg();
  return [
    { type: 'contract_loss', from: { user: 'margin' }, to: { system: 'house_pnl' }, amount: loss },
    { type: 'contract_margin_release', from: { user: 'margin' }, to: { user: 'cash' }, amount: margin.minus(loss) },
  ];
}

/**
 * Closes a holding position at `quote` (the tick it uses is recorded) for `reason`, inside `tx` after
 * locking its owner. Answers null when it is not holding any more (closed by another request or node).
 */
export async function closePositionAt(
  ctx: TradingContext,
  tx: Transaction,
  orderId: number,
  owner: { userId: string; mode: AccountModeName },
  quote: Quote,
  reason: CloseReason,
): Promise<{ order: ContractOrder; profit: Money } | null> {
  await ctx.ledger.lockOwner(tx, owner.userId, owner.mode);
  const [row] = await tx
    .select()
    .from(contractOrders)
    .where(ownOrder(orderId, owner, 'holding'));
  return row ? closeHolding(ctx, tx, row, quote, reason) : null;
}

/** Closes `row`, read under its owner's lock, at `quote` for `reason` (null when it is not holding). */
async function closeHolding(
  ctx: TradingContext,
  tx: Transaction,
  row: OrderRow,
  quote: Quote,
  reason: CloseReason,
): Promise<{ order: ContractOrder; profit: Money } | null> {
  if (row.status !== 'holding') return null;
  const owner = { userId: row.userId, mode: row.mode as AccountModeName };
  const pnl = settledPnl(row.side as ContractSide, row.openPrice, quote.price, row.lots, row.contractSize, row.margin);
  const [closed] = await tx
    .update(contractOrders)
    .set({ status: 'closed', closePrice: quote.price, closeTime: quote.time, closeReason: reason, realizedProfit: pnl.toFixed() })
    .where(and(eq(contractOrders.id, row.id), eq(contractOrders.status, 'holding')))
    .returning();
  if (!closed) return null;
  await ctx.ledger.post(tx, {
    userId: owner.userId,
    mode: owner.mode,
    reference: { kind: 'contract', id: String(row.id) },
    legs: closingLegs(money(row.margin), pnl),
  });
  await ctx.ledger.addProfit(tx, owner.userId, owner.mode, pnl);
  return { order: contractOrderOf(ctx, closed), profit: pnl };
}

/** `closeContracts/{id}`: the user closes their position at the current price (10103 when it is not open). */
export async function closePosition(ctx: TradingContext, tx: Transaction, userId: string, mode: AccountModeName, orderId: number) {
  // The owner first: a trigger recorded while this close waited is read below, not missed.
  await ctx.ledger.lockOwner(tx, userId, mode);
  // The order and, in the same read, a stop loss, take profit or liquidation that fired and whose close has
  // not happened yet (it failed and waits for its retry).
  const [found] = await tx
    .select({ order: contractOrders, trigger: closeTriggers })
    .from(contractOrders)
    .leftJoin(closeTriggers, eq(closeTriggers.orderId, contractOrders.id))
    .where(and(eq(contractOrders.id, orderId), eq(contractOrders.userId, userId), eq(contractOrders.mode, mode)));
  if (!found) throw new ApiFailure(MONEY_CODES.closeFailed, 'close failed: no such open position');
  const { order, trigger } = found;
  // Such a trigger wins: the position closes at the tick that triggered it (SPEC §0 rule 3).
  const quote = trigger
    ? { price: moneyString(trigger.price), time: trigger.time }
    : order.status === 'holding'
      ? tradableQuote(ctx, instrumentOf(ctx, order.instrumentId))
      : null;
  const closed = quote ? await closeHolding(ctx, tx, order, quote, trigger ? (trigger.reason as CloseReason) : 'user') : null;
  if (!closed || !quote) throw new ApiFailure(MONEY_CODES.closeFailed, 'close failed: the position is not open');
  if (trigger) await tx.delete(closeTriggers).where(eq(closeTriggers.orderId, orderId));
  return { order: closed.order, profit: moneyString(closed.profit), price: moneyString(quote.price) };
}

/** `listOrder`: the user's orders of one mode in one state (pending, holding, closed, cancelled, expired), newest first. */
export async function listPositions(
  ctx: TradingContext,
  db: Reader,
  userId: string,
  mode: AccountModeName,
  query: ListOrderQuery,
): Promise<ListOrderResult> {
  const where = and(
    eq(contractOrders.userId, userId),
    eq(contractOrders.mode, mode),
    eq(contractOrders.status, query.status),
    query.instrumentId ? eq(contractOrders.instrumentId, query.instrumentId) : undefined,
  );
  const rows = await db
    .select()
    .from(contractOrders)
    .where(where)
    .orderBy(desc(contractOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(contractOrders).where(where);
  return { items: rows.map((row) => contractOrderOf(ctx, row)), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** What the floating PnL of a holding position needs. */
export type HoldingPosition = Pick<typeof contractOrders.$inferSelect, 'instrumentId' | 'side' | 'openPrice' | 'lots' | 'contractSize'>;

/** A user's holding positions of one mode (what `floatingOf` needs of each). */
export async function holdingPositions(db: Reader, userId: string, mode: AccountModeName): Promise<HoldingPosition[]> {
  return db
    .select({
      instrumentId: contractOrders.instrumentId,
      side: contractOrders.side,
      openPrice: contractOrders.openPrice,
      lots: contractOrders.lots,
      contractSize: contractOrders.contractSize,
    })
    .from(contractOrders)
    .where(and(eq(contractOrders.userId, userId), eq(contractOrders.mode, mode), eq(contractOrders.status, 'holding')));
}

/** The floating PnL of a user's holding positions of one mode at the current prices. */
export async function floatingPnl(ctx: TradingContext, db: Reader, userId: string, mode: AccountModeName): Promise<Money> {
  return floatingOf(ctx, await holdingPositions(db, userId, mode));
}

/** The floating PnL of holding positions at the book's current prices. */
export function floatingOf(ctx: Pick<TradingContext, 'market'>, rows: readonly HoldingPosition[]): Money {
  let total = money('0');
  for (const row of rows) {
    const mark = ctx.market.book.quote(row.instrumentId);
    if (mark) total = total.plus(toPnl(rawPnl(row.side as ContractSide, row.openPrice, mark.price, row.lots, row.contractSize)));
  }
  return total;
}

/**
 * The holding positions that the price changes of a window trigger (stop loss, take profit, liquidation),
 * each with the first tick that crossed its level: candidates come from the database by the window's low
 * and high per instrument, then each one's changes after its opening are walked in order.
 */
export async function triggeredPositions(ctx: TradingContext, windows: ReadonlyMap<number, readonly Quote[]>) {
  const rows = await ordersInWindows(
    ctx.db,
    windows,
    'holding',
    { stopLoss: contractOrders.stopLoss, takeProfit: contractOrders.takeProfit, liquidationPrice: contractOrders.liquidationPrice },
    sql`(${contractOrders.side} = 'buy' and (p.low <= ${contractOrders.liquidationPrice} or p.low <= ${contractOrders.stopLoss} or p.high >= ${contractOrders.takeProfit}))
      or (${contractOrders.side} = 'sell' and (p.high >= ${contractOrders.liquidationPrice} or p.high >= ${contractOrders.stopLoss} or p.low <= ${contractOrders.takeProfit}))`,
  );
  return rows.flatMap((row) => {
    const position = { ...row, side: row.side as ContractSide };
    for (const quote of windows.get(row.instrumentId) ?? []) {
      if (quote.time <= row.openTime) continue;
      const reason = triggeredClose(position, quote.price);
      if (reason) return [{ id: row.id, owner: { userId: row.userId, mode: row.mode as AccountModeName }, quote, reason }];
    }
    return [];
  });
}

/** Every holding position of a user and mode closes at the current price (a demo reset), inside `tx`. */
export async function closeAllPositions(ctx: TradingContext, tx: Transaction, userId: string, mode: AccountModeName, reason: CloseReason) {
  const rows = await tx
    .select({
      id: contractOrders.id,
      instrumentId: contractOrders.instrumentId,
      openPrice: contractOrders.openPrice,
      openTime: contractOrders.openTime,
    })
    .from(contractOrders)
    .where(and(eq(contractOrders.userId, userId), eq(contractOrders.mode, mode), eq(contractOrders.status, 'holding')));
  for (const row of rows) {
    // A reset works outside trading hours too: the last price stands (the open price if none is known).
    const quote = ctx.market.book.quote(row.instrumentId) ?? { price: row.openPrice, time: row.openTime };
    await closePositionAt(ctx, tx, row.id, { userId, mode }, quote, reason);
  }
  return rows.length;
}
