import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { MarketService } from '../market/market-service.ts';
import type { TradingService } from '../trading/trading-service.ts';
import { scheduleCleanUps } from './clean-ups.ts';
import type { Scheduler } from './scheduler.ts';

/** The scheduled job that expires limit orders (tests run it with `scheduler.runNow`). */
export const PENDING_EXPIRY_JOB = 'pending-order-expiry';
/** The scheduled job that settles due options. */
export const OPTIONS_SETTLEMENT_JOB = 'options-settlement';
/** The scheduled job that retries the triggered closes (SL/TP/liquidation) that failed. */
export const CLOSE_RETRY_JOB = 'triggered-close-retry';

/**
 * The market's jobs: the feed's tick (the leader polls, stores the prices under its fencing token and
 * publishes), the candle writes and the prune of candles and stored prices.
 */
export function scheduleMarketJobs(scheduler: Scheduler, market: MarketService, options: { tickMs: number; flushMs: number }): void {
  scheduler.every('market-tick', options.tickMs, () => market.poll().catch((error: unknown) => market.warn(error, 'market: tick failed')));
  scheduler.every('candle-flush', options.flushMs, () => market.flush());
  scheduler.every('market-prune', 60_000, () => market.prune().catch((error: unknown) => market.warn(error, 'market: prune failed')));
}

/** The trading jobs of due work: options settlement, limit-order expiry, the retry of failed triggered closes. */
function scheduleTradingJobs(scheduler: Scheduler, trading: TradingService, everyMs: number): void {
  scheduler.every(OPTIONS_SETTLEMENT_JOB, everyMs, async () => {
    await trading.settleDue();
  });
  scheduler.every(PENDING_EXPIRY_JOB, everyMs, async () => {
    await trading.expireDue();
  });
  scheduler.every(CLOSE_RETRY_JOB, everyMs, async () => {
    await trading.retryCloses();
  });
}

/**
 * Every job of an API node, registered in one place (ARCHITECTURE "Money"): the market's, the trading
 * due work and the clean-ups. Products add theirs here (a daily job with catch-up: `daily-job.ts`).
 */
export function registerJobs(
  scheduler: Scheduler,
  deps: { db: Database; market: MarketService; trading: TradingService; tickMs: number; flushMs: number; log?: FastifyBaseLogger },
): void {
  scheduleMarketJobs(scheduler, deps.market, { tickMs: deps.tickMs, flushMs: deps.flushMs });
  scheduleTradingJobs(scheduler, deps.trading, deps.tickMs);
  scheduleCleanUps(scheduler, deps.db);
}
