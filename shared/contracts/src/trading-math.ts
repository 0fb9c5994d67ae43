// Zod-free: the order constants and the formulas of contracts and options, used by the order panels
// (preview) and by the API (what is charged), so the figure a user confirms is the figure applied.
import { Money, money, toPay, toPnl, toReceive, toStore } from './money.ts';
import type { MoneyInput } from './money.ts';

export const CONTRACT_SIDES = ['buy', 'sell'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];
/**
 * SPEC §4: pending (a limit order waiting for its price; margin and fee held) → holding → closed; a
 * pending order the user cancels is `cancelled`, one whose time ran out `expired` (its hold released).
 */
export const CONTRACT_STATUSES = ['pending', 'holding', 'closed', 'cancelled', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** A market order opens at once at the current price; a limit order waits until the price reaches its limit. */
export const ORDER_TYPES = ['market', 'limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** How long a limit order waits for its price before it expires (stated in the order form): 24 hours. */
export const PENDING_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

/** Whether `price` reaches a limit: a buy limit at or below it, a sell limit at or above it. */
export function limitReached(side: ContractSide, limit: MoneyInput, price: MoneyInput): boolean {
  return side === 'buy' ? money(price).lte(limit) : money(price).gte(limit);
}
/** Why a position closed: the user, its stop loss, its take profit, liquidation, or a demo reset. */
export const CLOSE_REASONS = ['user', 'stopLoss', 'takeProfit', 'liquidation', 'reset'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const OPTION_DIRECTIONS = ['up', 'down'] as const;
export type OptionDirection = (typeof OPTION_DIRECTIONS)[number];
/** open → won | lost | draw (equal price: the stake comes back) | cancelled (a demo reset). */
export const OPTION_STATUSES = ['open', 'won', 'lost', 'draw', 'cancelled'] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/**
 * The largest lot count any order may carry (the schema's outer bound; each instrument's own maximum,
 * `lotTermsFor`, is far lower), and the places of a lot count.
 */
export const MAX_LOTS = '1000000000000';
export const LOT_PLACES = 8;
/** One page of order lists at most. */
export const ORDER_PAGE_SIZE_MAX = 100;

/** An instrument's lot bounds: the smallest order, the step every order is a whole multiple of, the largest order. */
export interface LotTerms {
  min: string;
  step: string;
  max: string;
}

/**
 * Lot terms per market type (SPEC §3 types): forex (100,000 units a lot), futures and metals trade
 * 0.01 … 100 lots in steps of 0.01; stocks and ETFs (one share a lot) 0.1 … 10,000 in steps of 0.1.
 * Crypto (one coin a lot) spans prices from 0.00001 to 100,000, so its terms follow the instrument's
 * reference price: the smallest order is the power of ten worth at least 1 USD (BTC at 95,000: 0.00001;
 * ETH at 3,000: 0.001), in steps of that size, up to ten million steps.
 */
const FIXED_LOT_TERMS: Readonly<Record<number, LotTerms>> = {
  1: { min: '0.01', step: '0.01', max: '100' },
  3: { min: '0.1', step: '0.1', max: '10000' },
  4: { min: '0.01', step: '0.01', max: '100' },
  5: { min: '0.01', step: '0.01', max: '100' },
  6: { min: '0.1', step: '0.1', max: '10000' },
};
const CRYPTO_TYPE = 2;
const CRYPTO_MIN_NOTIONAL = '1';
const CRYPTO_STEPS_MAX = '10000000';

/** The lot terms of an instrument of `type` whose reference (first) price is `referencePrice`. */
export function lotTermsFor(type: number, referencePrice: MoneyInput): LotTerms {
  const fixed = FIXED_LOT_TERMS[type];
  if (fixed && type !== CRYPTO_TYPE) return fixed;
  const price = money(referencePrice);
  // The smallest power of ten (≥ 10^−LOT_PLACES) whose value at the reference price is ≥ 1 USD.
  let min = money('1').div(money('10').pow(LOT_PLACES));
  while (price.gt(0) && min.times(price).lt(CRYPTO_MIN_NOTIONAL) && min.lt(MAX_LOTS)) min = min.times(10);
  const max = Money.min(min.times(CRYPTO_STEPS_MAX), MAX_LOTS);
  return { min: min.toFixed(), step: min.toFixed(), max: max.toFixed() };
}

/** Why `lots` breaks the terms ('below' the minimum, 'step' off the step, 'above' the maximum), or null when it keeps them. */
export function lotsBreach(lots: MoneyInput, terms: LotTerms): 'below' | 'step' | 'above' | null {
  const value = money(lots);
  if (value.lt(terms.min)) return 'below';
  if (value.gt(terms.max)) return 'above';
  if (!value.mod(terms.step).isZero()) return 'step';
  return null;
}

/** Real-time PnL is pushed only when PnL or PnL % moves by ≥ 0.1 or the price by ≥ 0.01 (SPEC §4, §8). */
export const PNL_THRESHOLDS = { pnl: '0.1', pnlPercent: '0.1', price: '0.01' } as const;

/** A contract's notional: price × lots × contract size (exact). */
export function notional(price: MoneyInput, lots: MoneyInput, contractSize: MoneyInput): Money {
  return money(price).times(lots).times(contractSize);
}

/** Margin (SPEC §5.7): notional ÷ leverage, paid by the user, so rounded up to 8 places. */
export function contractMargin(price: MoneyInput, lots: MoneyInput, contractSize: MoneyInput, leverage: number): Money {
  return toPay(notional(price, lots, contractSize).div(leverage));
}

/** The trading fee: notional × fee % ÷ 100, paid by the user, so rounded up to 8 places. */
export function contractFee(price: MoneyInput, lots: MoneyInput, contractSize: MoneyInput, feePercent: MoneyInput): Money {
  return toPay(notional(price, lots, contractSize).times(feePercent).div(100));
}

/** Profit (+) or loss (−) of a position at `mark`, before rounding. */
export function rawPnl(side: ContractSide, open: MoneyInput, mark: MoneyInput, lots: MoneyInput, contractSize: MoneyInput): Money {
  const move = side === 'buy' ? money(mark).minus(open) : money(open).minus(mark);
  return move.times(lots).times(contractSize);
}

/**
 * What closing at `mark` settles: the PnL rounded toward minus infinity, a loss never larger than the
 * margin (the position's whole risk; a price gap past the liquidation price is the house's loss).
 */
export function settledPnl(
  side: ContractSide,
  open: MoneyInput,
  mark: MoneyInput,
  lots: MoneyInput,
  contractSize: MoneyInput,
  margin: MoneyInput,
): Money {
  const pnl = toPnl(rawPnl(side, open, mark, lots, contractSize));
  const floor = money(margin).neg();
  return pnl.lt(floor) ? floor : pnl;
}

/** PnL as a percentage of the margin, 2 places (a display figure). */
export function pnlPercent(pnl: MoneyInput, margin: MoneyInput): Money {
  const m = money(margin);
  return m.isZero() ? money('0') : money(pnl).div(m).times(100).toDecimalPlaces(2, Money.ROUND_HALF_EVEN);
}

/**
 * The price at which a position is liquidated: where the loss leaves only the maintenance share of
 * the margin. Buy: open − margin × (1 − m%) ÷ (lots × size); sell: open + the same. Never below 0.
 */
export function liquidationPrice(
  side: ContractSide,
  open: MoneyInput,
  lots: MoneyInput,
  contractSize: MoneyInput,
  margin: MoneyInput,
  maintenancePercent: MoneyInput,
): Money {
  const room = money(margin).times(money('100').minus(maintenancePercent)).div(100).div(money(lots).times(contractSize));
  const price = side === 'buy' ? money(open).minus(room) : money(open).plus(room);
  return toStore(price.lt(0) ? '0' : price);
}

/**
 * Which automatic close, if any, a price triggers for a holding position: liquidation when the price
 * is at or past the liquidation price (also when it gapped through the stop loss), else stop loss,
 * else take profit.
 */
export function triggeredClose(
  position: { side: ContractSide; stopLoss: string | null; takeProfit: string | null; liquidationPrice: string },
  price: MoneyInput,
): 'stopLoss' | 'takeProfit' | 'liquidation' | null {
  const p = money(price);
  const buy = position.side === 'buy';
  if (buy ? p.lte(position.liquidationPrice) : p.gte(position.liquidationPrice)) return 'liquidation';
  if (position.stopLoss !== null && (buy ? p.lte(position.stopLoss) : p.gte(position.stopLoss))) return 'stopLoss';
  if (position.takeProfit !== null && (buy ? p.gte(position.takeProfit) : p.lte(position.takeProfit))) return 'takeProfit';
  return null;
}

/** SPEC §5.7: a buy's stop loss sits below the open price and its take profit above; a sell's the other way. */
export function stopLossReasonable(side: ContractSide, open: MoneyInput, stopLoss: MoneyInput): boolean {
  return side === 'buy' ? money(stopLoss).lt(open) : money(stopLoss).gt(open);
}
export function takeProfitReasonable(side: ContractSide, open: MoneyInput, takeProfit: MoneyInput): boolean {
  return side === 'buy' ? money(takeProfit).gt(open) : money(takeProfit).lt(open);
}

/** An options win pays the stake back plus stake × payout % (the profit rounded down: the user receives it). */
export function optionProfit(stake: MoneyInput, payoutPercent: MoneyInput): Money {
  return toReceive(money(stake).times(payoutPercent).div(100));
}

/** The result of an options order: up wins above the open price, down below; the same price is a draw. */
export function optionOutcome(direction: OptionDirection, open: MoneyInput, settle: MoneyInput): 'won' | 'lost' | 'draw' {
  const c = money(settle).comparedTo(open);
  if (c === 0) return 'draw';
  return (direction === 'up') === c > 0 ? 'won' : 'lost';
}
