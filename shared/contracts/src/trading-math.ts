// Zod-free: the order constants and the formulas of contracts and options, used by the order panels
// (preview) and by the API (what is charged), so the figure a user confirms is the figure applied.
import { Money, money, toPay, toPnl, toReceive, toStore } from './money.ts';
import type { MoneyInput } from './money.ts';

export const CONTRACT_SIDES = ['buy', 'sell'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];
export const CONTRACT_STATUSES = ['holding', 'closed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** Why a position closed: the user, its stop loss, its take profit, liquidation, or a demo reset. */
export const CLOSE_REASONS = ['user', 'stopLoss', 'takeProfit', 'liquidation', 'reset'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const OPTION_DIRECTIONS = ['up', 'down'] as const;
export type OptionDirection = (typeof OPTION_DIRECTIONS)[number];
/** open → won | lost | draw (equal price: the stake comes back) | cancelled (a demo reset). */
export const OPTION_STATUSES = ['open', 'won', 'lost', 'draw', 'cancelled'] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/** The largest lot count one order may carry, and the places of a lot count. */
export const MAX_LOTS = '1000000';
export const LOT_PLACES = 8;
/** One page of order lists at most. */
export const ORDER_PAGE_SIZE_MAX = 100;

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
  return m.isZero() ? money(0) : money(pnl).div(m).times(100).toDecimalPlaces(2, Money.ROUND_HALF_EVEN);
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
  const room = money(margin).times(money(100).minus(maintenancePercent)).div(100).div(money(lots).times(contractSize));
  const price = side === 'buy' ? money(open).minus(room) : money(open).plus(room);
  return toStore(price.lt(0) ? 0 : price);
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
