import { and, eq } from 'drizzle-orm';
import { DEMO_START_BALANCE, money } from '@meridian/contracts';
import type { AccountFigures, AccountModeName } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../db/database.ts';
import { accounts } from '../db/schema.ts';
import { expireDueOrders, fillReachedOrders } from '../jobs/pending-orders.ts';
import { readFigures } from '../ledger/account-figures.ts';
import { marketUsdPrices } from '../ledger/currency.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { PNL_CHANNEL } from '../live/live-fabric.ts';
import type { LiveFabric } from '../live/live-fabric.ts';
import { RECENT_PRICES_MS } from '../market/market-book.ts';
import type { Quote } from '../market/market-book.ts';
import type { TickEvent } from '../market/market-service.ts';
import { ownersOf } from '../live/user-frames.ts';
import { LivePnl } from './live-pnl.ts';
import type { PnlPush } from './live-pnl.ts';
import { cancelOpenOptions, seedOptionsProducts, settleDueOptions } from './options/options.ts';
import { cancelAllPending } from './positions/pending.ts';
import { closeTriggeredDurably, retryTriggeredCloses } from './positions/close-triggers.ts';
import { closeAllPositions, floatingPnl } from './positions/positions.ts';
import type { TradingContext } from './trading-context.ts';

/** The scheduled job that expires limit orders (registered in jobs/register.ts; tests run it with `scheduler.runNow`). */
export { PENDING_EXPIRY_JOB } from '../jobs/register.ts';

export interface TradingServiceOptions {
  ctx: TradingContext;
  fabric: LiveFabric;
  balances: BalanceEvents;
  log?: FastifyBaseLogger;
}

/**
 * Contracts and options over the ledger, and the work the feed drives: after each tick the feed's
 * leader closes the positions it triggers (stop loss, take profit, liquidation), pushes live PnL, and
 * settles the options that fell due. Every close and settlement locks the owner first and takes the
 * order only while it is open, so another node or a late run never applies one twice.
 */
export class TradingService {
  private readonly pnl: LivePnl;
  private pending = new Set<number>();
  private working: Promise<void> | null = null;
  private stopTicks: () => void = () => undefined;
  /** Price changes up to this time have been looked at for triggers. */
  private processedUntil = 0;
  /**
   * Instruments whose limit-order work failed (the database, a fill): their window is looked at again
   * from this time on the next run, whatever ticks, until it succeeds or the book no longer keeps it.
   */
  private readonly heldSince = new Map<number, number>();

  private constructor(private readonly options: TradingServiceOptions) {
    this.pnl = new LivePnl(options.ctx);
  }

  get ctx(): TradingContext {
    return this.options.ctx;
  }

  static async start(options: TradingServiceOptions): Promise<TradingService> {
    await seedOptionsProducts(options.ctx.db);
    await options.ctx.ledger.openSystemAccounts(options.ctx.db);
    const service = new TradingService(options);
    service.stopTicks = options.ctx.market.onTicks((event) => service.onTicks(event));
    // Its scheduled due work (settlement, expiry, close retries) is registered in jobs/register.ts.
    return service;
  }

  /** The figures of a user's account of one mode (the floating PnL at the current prices). */
  async figures(userId: string, mode: AccountModeName): Promise<AccountFigures> {
    const floating = await floatingPnl(this.ctx, this.ctx.db, userId, mode);
    return readFigures(this.ctx.db, this.ctx.ledger, userId, mode, floating, marketUsdPrices(this.ctx.market));
  }

  /** Tells the user's open sockets, on whichever node, that their figures changed (after a committed change of `orders` orders). */
  publishFigures(userId: string, mode: AccountModeName, orders = 1): void {
    this.options.balances.emit('changed', userId, mode, orders);
  }

  private onTicks(event: TickEvent): void {
    if (!this.ctx.market.leader) return;
    for (const id of event.ids) this.pending.add(id);
    this.working ??= this.drain().finally(() => {
      this.working = null;
    });
  }

  /** Works through the instruments that ticked, coalescing ticks that arrive while it works. */
  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const ids = [...this.pending];
      this.pending = new Set();
      try {
        await this.afterTick(ids);
      } catch (error) {
        this.options.log?.warn({ err: error }, 'trading: tick work failed');
      }
    }
  }

  /**
   * For the instruments that moved: the positions any change since the last run triggered (also changes
   * a busy run coalesced), closed at the tick that crossed; then live PnL at the latest prices. Tests
   * call it directly.
   */
  async afterTick(ids: readonly number[]): Promise<void> {
    const since = this.processedUntil;
    const until = this.ctx.market.horizon;
    // A node's first run (it just took the feed over) looks at every instrument's kept changes, not only
    // those that ticked now: what the previous leader published but did not work through is not lost.
    const examined = new Set(since === 0 ? [...ids, ...this.ctx.market.book.prices().keys()] : ids);
    for (const id of this.heldSince.keys()) examined.add(id);
    const windows = new Map<number, Quote[]>();
    const sinceOf = new Map<number, number>();
    for (const id of examined) {
      const from = Math.min(since, this.heldSince.get(id) ?? since);
      sinceOf.set(id, from);
      const changes = this.ctx.market.book.changesSince(id, from).filter((q) => q.time <= until);
      if (changes.length > 0) windows.set(id, changes);
    }
    // Limit orders the window reached open first (at the tick that reached them), then SL/TP/liquidation.
    const { touched: filled, failed } = await fillReachedOrders(this.ctx, windows, this.options.log);
    for (const { userId, mode } of filled) this.publishFigures(userId, mode);
    const oldestKept = until - RECENT_PRICES_MS;
    for (const id of examined) {
      const from = sinceOf.get(id)!;
      if (!failed.has(id)) this.heldSince.delete(id);
      else if (from > oldestKept) this.heldSince.set(id, from);
      else {
        this.heldSince.delete(id);
        this.options.log?.error({ instrument: id, since: from }, 'trading: limit orders of a window no longer kept were not looked at');
      }
    }
    // Each trigger is recorded with its tick before the close is tried; a failed close is retried from the record.
    const closed = await closeTriggeredDurably(this.ctx, windows, this.options.log);
    if (until > this.processedUntil) this.processedUntil = until;
    for (const { order } of closed) this.pnl.forget(order.id);
    for (const { userId, mode, orders } of ownersOf(closed)) this.publishFigures(userId, mode, orders);
    const pushes = await this.pnl.afterTick(ids);
    for (const push of pushes) await this.publishPnl(push);
  }

  private async publishPnl(push: PnlPush): Promise<void> {
    await this.options.fabric.publish(PNL_CHANNEL, JSON.stringify(push)).catch((error: unknown) => {
      this.options.log?.warn({ err: error }, 'trading: pnl not published');
    });
  }

  /** Settles the options orders due now (the feed's leader; any node may, once). */
  async settleDue(force = false): Promise<number> {
    if (!force && !this.ctx.market.leader) return 0;
    const settled = await settleDueOptions(this.ctx, this.ctx.now(), 500, this.options.log);
    for (const { userId, mode, orders } of ownersOf(settled)) this.publishFigures(userId, mode, orders);
    return settled.length;
  }

  /**
   * Retries the stop loss, take profit and liquidation closes that failed, each at the price and time of
   * the tick that triggered it (the feed's leader; any node may, once).
   */
  async retryCloses(force = false): Promise<number> {
    if (!force && !this.ctx.market.leader) return 0;
    const closed = await retryTriggeredCloses(this.ctx, 200, this.options.log);
    for (const { order } of closed) this.pnl.forget(order.id);
    for (const { userId, mode, orders } of ownersOf(closed)) this.publishFigures(userId, mode, orders);
    return closed.length;
  }

  /** Expires the limit orders whose time ran out (the feed's leader; any node may, once), releasing their holds. */
  async expireDue(force = false): Promise<number> {
    if (!force && !this.ctx.market.leader) return 0;
    const expired = await expireDueOrders(this.ctx, this.ctx.now(), 500, this.options.log);
    const owners = new Map(expired.map((e) => [`${e.userId}:${e.mode}`, e]));
    for (const { userId, mode } of owners.values()) this.publishFigures(userId, mode);
    return expired.length;
  }

  /**
   * Resets a demo account: its open positions close at the current price and its open options are
   * cancelled with their stakes returned, then the cash goes back to the start balance, all through
   * the ledger in one transaction. Answers null when it is at the start already (nothing open).
   */
  async resetDemo(userId: string): Promise<AccountFigures | null> {
    const changed = await withMoneyTransaction(this.ctx.db, async (tx: Transaction) => {
      await this.ctx.ledger.lockOwner(tx, userId, 'demo');
      const positions =
        (await closeAllPositions(this.ctx, tx, userId, 'demo', 'reset')) + (await cancelAllPending(this.ctx, tx, { userId, mode: 'demo' }));
      const options = await cancelOpenOptions(this.ctx, tx, userId, 'demo');
      const { cash } = await this.ctx.ledger.balancesOf(tx, userId, 'demo');
      const difference = money(DEMO_START_BALANCE).minus(cash);
      if (positions === 0 && options === 0 && difference.isZero()) return false;
      await this.ctx.ledger.post(tx, {
        userId,
        mode: 'demo',
        reference: { kind: 'demo_reset', id: userId },
        legs: [
          difference.gt(0)
            ? { type: 'demo_reset', from: { system: 'demo_issuance' }, to: { user: 'cash' }, amount: difference }
            : { type: 'demo_reset', from: { user: 'cash' }, to: { system: 'demo_issuance' }, amount: difference.neg() },
        ],
      });
      await tx
        .update(accounts)
        .set({ profit: '0', updatedAt: new Date() })
        .where(and(eq(accounts.userId, userId), eq(accounts.mode, 'demo')));
      return true;
    });
    if (!changed) return null;
    const figures = await this.figures(userId, 'demo');
    this.options.balances.emit('balance', userId, figures);
    return figures;
  }

  /** Waits for the tick work under way (tests: what a tick triggered is done). */
  async idle(): Promise<void> {
    await this.working;
  }

  /** Stops following the feed and waits for the tick work under way. */
  async close(): Promise<void> {
    this.stopTicks();
    await this.working;
  }
}
