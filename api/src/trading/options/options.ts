import { and, asc, count, desc, eq, inArray, lte, notExists } from 'drizzle-orm';
import { MONEY_CODES, money, moneyString, optionOutcome, optionProfit } from '@meridian/contracts';
import type {
  AccountModeName,
  BuyOptionsBody,
  ListOptionsOrderQuery,
  ListOptionsOrderResult,
  Money,
  OptionDirection,
  OptionsOrder,
  OptionsProduct,
} from '@meridian/contracts';
import type { Database, Transaction } from '../../db/database.ts';
import { instruments, optionsOrders, optionsProducts } from '../../db/schema.ts';
import type { Leg, Reader } from '../../ledger/ledger.ts';
import { ApiFailure } from '../../plugins/envelope.ts';
import { storedQuoteAt } from '../../market/price-points.ts';
import { instrumentOf, tradableQuote } from '../trading-context.ts';
import type { TradingContext } from '../trading-context.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';

type OptionRow = typeof optionsOrders.$inferSelect;

/**
 * The product table every instrument starts with (operators change it per instrument in the
 * back-office): period in seconds, payout % of the stake on a win, stake bounds.
 */
const DEFAULT_OPTIONS_PRODUCTS = [
  { period: 30, payoutPercent: '80', minStake: '10', maxStake: '50000' },
  { period: 60, payoutPercent: '85', minStake: '10', maxStake: '50000' },
  { period: 120, payoutPercent: '88', minStake: '10', maxStake: '100000' },
  { period: 300, payoutPercent: '90', minStake: '10', maxStake: '100000' },
] as const;

/** Gives every instrument without any product row the default table (an instrument an operator emptied keeps `enabled = false` rows). */
export async function seedOptionsProducts(db: Database): Promise<void> {
  const missing = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(notExists(db.select({ id: optionsProducts.id }).from(optionsProducts).where(eq(optionsProducts.instrumentId, instruments.id))));
  if (missing.length === 0) return;
  await db
    .insert(optionsProducts)
    .values(missing.flatMap(({ id }) => DEFAULT_OPTIONS_PRODUCTS.map((p) => ({ instrumentId: id, ...p }))))
    .onConflictDoNothing();
}

/** The enabled products of an instrument, by period. */
export async function productsOf(db: Reader, instrumentId: number): Promise<OptionsProduct[]> {
  const rows = await db
    .select()
    .from(optionsProducts)
    .where(and(eq(optionsProducts.instrumentId, instrumentId), eq(optionsProducts.enabled, true)))
    .orderBy(asc(optionsProducts.period));
  return rows.map((r) => ({
    period: r.period,
    payoutPercent: moneyString(r.payoutPercent),
    minStake: moneyString(r.minStake),
    maxStake: moneyString(r.maxStake),
  }));
}

function optionsOrderOf(ctx: TradingContext, row: OptionRow): OptionsOrder {
  const instrument = ctx.market.catalogue.byId(row.instrumentId);
  return {
    id: String(row.id),
    instrumentId: row.instrumentId,
    code: instrument?.code ?? '',
    name: instrument?.name ?? '',
    direction: row.direction as OptionDirection,
    amount: moneyString(row.amount),
    period: row.period,
    payoutPercent: moneyString(row.payoutPercent),
    openPrice: moneyString(row.openPrice),
    openTime: row.openTime,
    settleAt: row.settleAt,
    settlePrice: row.settlePrice === null ? null : moneyString(row.settlePrice),
    settleTime: row.settleTime,
    profit: row.profit === null ? null : moneyString(row.profit),
    status: row.status as OptionsOrder['status'],
  };
}

/**
 * `buyOptions`: escrows the stake at the current price. The product must exist for the instrument
 * (10014) and period (10017), the stake lie within its bounds (10016), the market be open (10015) and
 * the free balance cover the stake (10011). It settles `period` seconds after the purchase.
 */
export async function buyOption(
  ctx: TradingContext,
  tx: Transaction,
  userId: string,
  mode: AccountModeName,
  body: BuyOptionsBody,
  halted: ReadonlySet<number> = new Set(),
): Promise<OptionsOrder> {
  const instrument = instrumentOf(ctx, body.instrumentId);
  const products = await productsOf(tx, instrument.id);
  if (products.length === 0) throw new ApiFailure(MONEY_CODES.optionsProductWrong, `no options on ${instrument.code}`);
  const product = products.find((p) => p.period === body.period);
  if (!product) throw new ApiFailure(MONEY_CODES.periodNotFound, `no ${body.period} s options on ${instrument.code}`);
  const stake = money(body.amount);
  if (stake.lt(product.minStake) || stake.gt(product.maxStake)) {
    throw new ApiFailure(MONEY_CODES.amountWrong, `the stake must lie between ${product.minStake} and ${product.maxStake}`);
  }
  const quote = tradableQuote(ctx, instrument, halted);
  await ctx.ledger.lockOwner(tx, userId, mode);
  const [row] = await tx
    .insert(optionsOrders)
    .values({
      userId,
      mode,
      instrumentId: instrument.id,
      direction: body.direction,
      amount: stake.toFixed(),
      period: body.period,
      payoutPercent: product.payoutPercent,
      openPrice: quote.price,
      openTime: quote.time,
      settleAt: ctx.now() + body.period * 1000,
      status: 'open',
    })
    .returning();
  await ctx.ledger.post(tx, {
    userId,
    mode,
    reference: { kind: 'option', id: String(row!.id) },
    legs: [{ type: 'options_stake', from: { user: 'cash' }, to: { user: 'options_escrow' }, amount: stake }],
  });
  return optionsOrderOf(ctx, row!);
}

function settlementLegs(stake: Money, outcome: 'won' | 'lost' | 'draw' | 'cancelled', profit: Money): Leg[] {
  if (outcome === 'lost') return [{ type: 'options_loss', from: { user: 'options_escrow' }, to: { system: 'house_pnl' }, amount: stake }];
  const legs: Leg[] = [{ type: 'options_stake_return', from: { user: 'options_escrow' }, to: { user: 'cash' }, amount: stake }];
  if (outcome === 'won') legs.push({ type: 'options_profit', from: { system: 'house_pnl' }, to: { user: 'cash' }, amount: profit });
  return legs;
}

/**
 * The price in effect at an order's due time: a tick this node's book applied, else the stored series
 * (from the order's open tick on), else the price the book started from (a node that started before the
 * due time and saw no tick until then), else none.
 */
async function dueQuote(ctx: TradingContext, tx: Transaction, row: { instrumentId: number; settleAt: number; openTime: number }) {
  const book = ctx.market.book.quoteAt(row.instrumentId, row.settleAt);
  if (book && book.time > ctx.market.book.startedAt) return book;
  return (await storedQuoteAt(tx, row.instrumentId, row.settleAt, row.openTime)) ?? book;
}

/**
 * Settles one due order in its own transaction: the owner is locked first, then the order is taken only
 * while still open, so two schedulers (or nodes) never settle it twice. The price is the one in effect at
 * the due time — the last tick at or before it — and the order shows that tick: from the book in memory,
 * else from the stored price series (market/price-points.ts: every published tick is stored first), so a
 * node that restarted across the due time settles it on the right price. Only an order whose ticks are in
 * neither (placed before prices were stored) is cancelled with its stake returned rather than settled on a
 * price from another moment.
 */
export async function settleOption(
  ctx: TradingContext,
  orderId: number,
): Promise<{ userId: string; mode: AccountModeName; order: OptionsOrder } | null> {
  return withMoneyTransaction(ctx.db, async (tx) => {
    const [head] = await tx
      .select({ userId: optionsOrders.userId, mode: optionsOrders.mode })
      .from(optionsOrders)
      .where(eq(optionsOrders.id, orderId));
    if (!head) return null;
    const mode = head.mode as AccountModeName;
    await ctx.ledger.lockOwner(tx, head.userId, mode);
    const [row] = await tx
      .select()
      .from(optionsOrders)
      .where(and(eq(optionsOrders.id, orderId), eq(optionsOrders.status, 'open')));
    if (!row) return null;
    const quote = await dueQuote(ctx, tx, row);
    const stake = money(row.amount);
    const outcome = quote ? optionOutcome(row.direction as OptionDirection, row.openPrice, quote.price) : 'cancelled';
    const profit = outcome === 'won' ? optionProfit(stake, row.payoutPercent) : outcome === 'lost' ? stake.neg() : money('0');
    const [settled] = await tx
      .update(optionsOrders)
      .set({ status: outcome, settlePrice: quote?.price ?? null, settleTime: quote?.time ?? null, profit: profit.toFixed() })
      .where(and(eq(optionsOrders.id, orderId), eq(optionsOrders.status, 'open')))
      .returning();
    if (!settled) return null;
    await ctx.ledger.post(tx, {
      userId: row.userId,
      mode,
      reference: { kind: 'option', id: String(orderId) },
      legs: settlementLegs(stake, outcome, profit),
    });
    await ctx.ledger.addProfit(tx, row.userId, mode, profit);
    return { userId: row.userId, mode, order: optionsOrderOf(ctx, settled) };
  });
}

/**
 * Settles every order due by `now` whose due time this node's feed has passed (so the price in effect then is
 * known here), oldest first, at most `limit` a run; one that fails is logged and left for the next run.
 */
export async function settleDueOptions(ctx: TradingContext, now: number, limit = 500, log?: { warn: (obj: object, msg: string) => void }) {
  const due = await ctx.db
    .select({ id: optionsOrders.id })
    .from(optionsOrders)
    .where(and(eq(optionsOrders.status, 'open'), lte(optionsOrders.settleAt, Math.min(now, ctx.market.horizon))))
    .orderBy(asc(optionsOrders.settleAt))
    .limit(limit);
  const settled = [];
  for (const { id } of due) {
    try {
      const result = await settleOption(ctx, id);
      if (result) settled.push(result);
    } catch (error) {
      log?.warn({ err: error, order: id }, 'trading: an options settlement failed');
    }
  }
  return settled;
}

/** A demo reset: every open options order of the user and mode is cancelled and its stake returned, inside `tx`. */
export async function cancelOpenOptions(ctx: TradingContext, tx: Transaction, userId: string, mode: AccountModeName) {
  const rows = await tx
    .update(optionsOrders)
    .set({ status: 'cancelled', profit: '0' })
    .where(and(eq(optionsOrders.userId, userId), eq(optionsOrders.mode, mode), eq(optionsOrders.status, 'open')))
    .returning();
  for (const row of rows) {
    await ctx.ledger.post(tx, {
      userId,
      mode,
      reference: { kind: 'option', id: String(row.id) },
      legs: settlementLegs(money(row.amount), 'cancelled', money('0')),
    });
  }
  return rows.length;
}

export async function getOptionsOrder(
  ctx: TradingContext,
  db: Reader,
  userId: string,
  mode: AccountModeName,
  id: number,
): Promise<OptionsOrder> {
  const [row] = await db
    .select()
    .from(optionsOrders)
    .where(and(eq(optionsOrders.id, id), eq(optionsOrders.userId, userId), eq(optionsOrders.mode, mode)));
  if (!row) throw new ApiFailure('404', 'no such options order', 404);
  return optionsOrderOf(ctx, row);
}

export async function listOptions(
  ctx: TradingContext,
  db: Reader,
  userId: string,
  mode: AccountModeName,
  query: ListOptionsOrderQuery,
): Promise<ListOptionsOrderResult> {
  const where = and(
    eq(optionsOrders.userId, userId),
    eq(optionsOrders.mode, mode),
    query.status === 'open' ? eq(optionsOrders.status, 'open') : inArray(optionsOrders.status, ['won', 'lost', 'draw', 'cancelled']),
    query.instrumentId ? eq(optionsOrders.instrumentId, query.instrumentId) : undefined,
  );
  const rows = await db
    .select()
    .from(optionsOrders)
    .where(where)
    .orderBy(desc(optionsOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(optionsOrders).where(where);
  return { items: rows.map((row) => optionsOrderOf(ctx, row)), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
