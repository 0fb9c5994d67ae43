import { z } from 'zod';
import {
  CONTRACT_SIDES,
  contractFee,
  contractMargin,
  isAmount,
  LOT_PLACES,
  liquidationPrice,
  money,
  stopLossReasonable,
  takeProfitReasonable,
} from '@meridian/contracts';
import type { BuyContractsBody, ContractSide, Money, TradingTerms } from '@meridian/contracts';
import { buyContractsBody, LIMIT_PRICE_INVALID, limitReached, lotsWithin, ORDER_TYPES } from '@meridian/contracts/schemas';
import type { LotTerms, OrderType } from '@meridian/contracts/schemas';

/** What the contract form holds: text as typed (never a float), the side and the chosen leverage. */
export interface ContractFormValues {
  side: ContractSide;
  /** Market: opens at once at the live price; limit: waits (pending) until the price reaches `limitPrice`. */
  orderType: OrderType;
  limitPrice: string;
  lots: string;
  leverage: number;
  stopLoss: string;
  takeProfit: string;
}

export type ContractField = 'lots' | 'leverage' | 'limitPrice' | 'stopLoss' | 'takeProfit';

export interface ContractPreview {
  margin: Money;
  fee: Money;
  /** What the order takes from the free balance: margin + fee. */
  total: Money;
  liquidation: Money;
}

/**
 * The figures the server will charge at `price`, from the same formulas it uses (trading-math):
 * margin and fee rounded up, the liquidation price at the maintenance margin. Null until the lots
 * are a valid amount and a price is known.
 */
export function previewContract(
  values: Pick<ContractFormValues, 'side' | 'lots' | 'leverage'>,
  terms: Pick<TradingTerms, 'contractSize' | 'feePercent' | 'maintenanceMarginPercent'>,
  price: string,
): ContractPreview | null {
  const lots = values.lots.trim();
  if (!isAmount(lots, LOT_PLACES) || !money(price).gt(0) || values.leverage < 1) return null;
  const margin = contractMargin(price, lots, terms.contractSize, values.leverage);
  const fee = contractFee(price, lots, terms.contractSize, terms.feePercent);
  const liquidation = liquidationPrice(values.side, price, lots, terms.contractSize, margin, terms.maintenanceMarginPercent);
  return { margin, fee, total: margin.plus(fee), liquidation };
}

/**
 * The price the order is expected to open at: the live price for a market order or a limit the price
 * has reached already (it opens at once), else the limit price (the figures held are computed at it).
 * Null while a limit order's limit is not a price yet.
 */
export function expectedOpenPrice(values: Pick<ContractFormValues, 'side' | 'orderType' | 'limitPrice'>, price: string): string | null {
  if (values.orderType === 'market') return price;
  const limit = values.limitPrice.trim();
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(limit) || !money(limit).gt(0)) return null;
  return money(price).gt(0) && limitReached(values.side, limit, price) ? price : limit;
}

/** Whether the order waits as pending: a limit the live price has not reached. */
export function waitsForLimit(values: Pick<ContractFormValues, 'side' | 'orderType' | 'limitPrice'>, price: string): boolean {
  const open = expectedOpenPrice(values, price);
  return values.orderType === 'limit' && open !== null && open !== price;
}

/**
 * Checks the form as the server will (the contract schema, then SPEC §5.7's sides of the price):
 * the message key of each wrong field (common namespace), and the body to send when none is wrong.
 * Stop loss and take profit are judged against the expected open (`expectedOpenPrice`): the live price
 * `price` for a market order, the limit price for a limit order that waits. A limit order needs its limit.
 */
export function validateContractForm(
  values: ContractFormValues,
  context: { instrumentId: number; price: string; leverages: readonly number[]; lots: LotTerms },
): { errors: Partial<Record<ContractField, string>>; body: BuyContractsBody | null } {
  const stopLoss = values.stopLoss.trim();
  const takeProfit = values.takeProfit.trim();
  const limit = values.orderType === 'limit' ? values.limitPrice.trim() : null;
  const parsed = buyContractsBody.safeParse({
    instrumentId: context.instrumentId,
    side: values.side,
    lots: values.lots,
    leverage: values.leverage,
    stopLoss: stopLoss === '' ? null : stopLoss,
    takeProfit: takeProfit === '' ? null : takeProfit,
    ...(limit === null ? {} : { limitPrice: limit }),
  });
  const errors: Partial<Record<ContractField, string>> = {};
  if (limit === '') errors.limitPrice = LIMIT_PRICE_INVALID;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'lots' || field === 'leverage' || field === 'limitPrice' || field === 'stopLoss' || field === 'takeProfit') {
        errors[field] ??= issue.message;
      }
    }
  }
  // The instrument's lot bounds (issue 31), with the same shared schema the API applies.
  if (!errors.lots) {
    const lots = lotsWithin(context.lots).safeParse(values.lots);
    if (!lots.success) errors.lots = lots.error.issues[0]?.message ?? 'validation.quantityInvalid';
  }
  if (!context.leverages.includes(values.leverage)) errors.leverage ??= 'errors.10104';
  // Stop loss and take profit sit on their sides of the expected open: the limit while it waits.
  const open = expectedOpenPrice(values, context.price);
  const known = open !== null && money(open).gt(0);
  if (known && stopLoss !== '' && !errors.stopLoss && !stopLossReasonable(values.side, open, stopLoss)) {
    errors.stopLoss = 'validation.stopLossUnreasonable';
  }
  if (known && takeProfit !== '' && !errors.takeProfit && !takeProfitReasonable(values.side, open, takeProfit)) {
    errors.takeProfit = 'validation.takeProfitUnreasonable';
  }
  const body = parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  return { errors, body };
}

/** The fields a contract order form checks, in the order they stand (the first wrong one takes focus). */
export const CONTRACT_FIELDS: readonly ContractField[] = ['limitPrice', 'lots', 'leverage', 'stopLoss', 'takeProfit'];

/** The leverage the form sends: the chosen one while the instrument still offers it, else its first. */
export function offeredLeverage(chosen: number, leverages: readonly number[]): number {
  return leverages.includes(chosen) ? chosen : (leverages[0] ?? chosen);
}

/**
 * The contract order form's schema (for the kit's Form): the values as typed, parsed to the body to send
 * with the contract's rules (`validateContractForm`: the body schema, the instrument's lot bounds and
 * leverages, stop loss and take profit on their sides of the expected open at `referencePrice`, the live price).
 * Built again as the price moves.
 */
export function contractOrderForm(context: { instrumentId: number; leverages: readonly number[]; lots: LotTerms }, referencePrice: string) {
  return z
    .object({
      side: z.enum(CONTRACT_SIDES),
      orderType: z.enum(ORDER_TYPES),
      limitPrice: z.string(),
      lots: z.string(),
      leverage: z.number(),
      stopLoss: z.string(),
      takeProfit: z.string(),
    })
    .transform((values, ctx) => {
      const current = { ...values, leverage: offeredLeverage(values.leverage, context.leverages) };
      const { errors, body } = validateContractForm(current, { ...context, price: referencePrice });
      if (body) return body;
      for (const field of CONTRACT_FIELDS) {
        const message = errors[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      return z.NEVER;
    });
}
