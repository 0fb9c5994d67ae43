import { z } from 'zod';
import { decimalString } from './envelope.ts';
import { isAmount, money, MAX_AMOUNT_DIGITS } from './money.ts';
import {
  CLOSE_REASONS,
  CONTRACT_SIDES,
  CONTRACT_STATUSES,
  LOT_PLACES,
  lotsBreach,
  MAX_LOTS,
  OPTION_DIRECTIONS,
  OPTION_STATUSES,
  ORDER_PAGE_SIZE_MAX,
  ORDER_TYPES,
} from './trading-math.ts';
import type { LotTerms } from './trading-math.ts';
import { V } from './validation-keys.ts';

const instrumentId = z.number().int().min(1).max(2_147_483_647);

/** An amount a user sends: a plain decimal > 0, ≤ 8 places, ≤ 20 digits before the point (SPEC §5.10). */
export const amountField = (emptyKey: string = V.amountRequired) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey })
    .refine((text) => isAmount(text), { error: V.amountInvalid });

/** Lots: > 0, ≤ 8 places, at most MAX_LOTS. */
export const lotsField = z
  .string({ error: V.lotsRequired })
  .trim()
  .min(1, { error: V.lotsRequired })
  .refine((text) => isAmount(text, LOT_PLACES) && money(text).lte(MAX_LOTS), { error: V.lotsInvalid });

/** The message key of a lot count outside an instrument's bounds (common namespace; `{{min}}`, `{{max}}`, `{{step}}`). */
export const LOTS_OUT_OF_BOUNDS = 'validation.lotsOutOfBounds';

/**
 * Lots within one instrument's terms (issue 31): a valid lot count (`lotsField`) that is at least the
 * minimum, at most the maximum and a whole number of steps. The order form checks it before sending;
 * the API answers 10016 for the same breach.
 */
export const lotsWithin = (terms: LotTerms) =>
  lotsField.refine((text) => !isAmount(text, LOT_PLACES) || lotsBreach(text, terms) === null, { error: LOTS_OUT_OF_BOUNDS });

/** An instrument's lot bounds as the trading terms state them. */
export const lotTerms = z.object({ min: decimalString, step: decimalString, max: decimalString });

/** A price the user types (stop loss, take profit): > 0, ≤ 18 places. */
export const priceField = (key: string) =>
  z
    .string()
    .trim()
    .refine((text) => new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d{1,18})?$`).test(text) && money(text).gt(0), { error: key });

/** The message key of a limit price that is missing or not a positive price (common namespace). */
export const LIMIT_PRICE_INVALID = 'validation.limitPriceInvalid';

export const buyContractsBody = z.object({
  instrumentId,
  side: z.enum(CONTRACT_SIDES),
  lots: lotsField,
  leverage: z.number().int().min(1).max(1000),
  stopLoss: priceField(V.stopLossUnreasonable).nullable().optional(),
  takeProfit: priceField(V.takeProfitUnreasonable).nullable().optional(),
  /**
   * A limit order (SPEC §4 pending): margin and fee at this price are held now; the order opens at the
   * first tick at or below it (buy) or at or above it (sell), or expires after PENDING_ORDER_TTL_MS.
   * Absent or null: a market order.
   */
  limitPrice: priceField(LIMIT_PRICE_INVALID).nullable().optional(),
});
export type BuyContractsBody = z.infer<typeof buyContractsBody>;

export const contractOrder = z.object({
  id: z.string(),
  orderType: z.enum(ORDER_TYPES),
  /** A limit order's limit price (null for a market order). */
  limitPrice: decimalString.nullable(),
  /** Pending: when it expires unless filled (epoch ms); null for a market order. */
  expiresAt: z.number().int().nullable(),
  /** Pending: the margin + fee held until it fills, is cancelled or expires. */
  held: decimalString.nullable(),
  instrumentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  side: z.enum(CONTRACT_SIDES),
  lots: decimalString,
  leverage: z.number().int(),
  contractSize: decimalString,
  /** Pending: the margin and fee at the limit price (what is held); else what was charged at the open. */
  margin: decimalString,
  fee: decimalString,
  /** Pending: the limit price (the expected open); else the open price. */
  openPrice: decimalString,
  /** The time of the feed tick the open price came from (pending: of the tick in effect when it was placed). */
  openTime: z.number().int(),
  stopLoss: decimalString.nullable(),
  takeProfit: decimalString.nullable(),
  liquidationPrice: decimalString,
  status: z.enum(CONTRACT_STATUSES),
  /** Holding: the current price and the floating PnL at it (null when the market has no price). */
  markPrice: decimalString.nullable(),
  floatingPnl: decimalString.nullable(),
  closePrice: decimalString.nullable(),
  /** The time of the feed tick the close used (cancelled: the time of the cancel; expired: the expiry time). */
  closeTime: z.number().int().nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  realizedProfit: decimalString.nullable(),
});
export type ContractOrder = z.infer<typeof contractOrder>;

export const closeContractsResult = z.object({ order: contractOrder, profit: decimalString, price: decimalString });
export type CloseContractsResult = z.infer<typeof closeContractsResult>;

/** The filter and paging of the order lists: an optional instrument, the page and its size. */
const ordersPageQuery = {
  instrumentId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ORDER_PAGE_SIZE_MAX).default(20),
};
/** One page of an order list: its orders, the count of all that match, and the page asked for. */
function ordersPage<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const listOrderQuery = z.object({
  status: z.enum(CONTRACT_STATUSES).default('holding'),
  ...ordersPageQuery,
});
export type ListOrderQuery = z.infer<typeof listOrderQuery>;
export const listOrderResult = ordersPage(contractOrder);
export type ListOrderResult = z.infer<typeof listOrderResult>;

export const optionsProduct = z.object({
  period: z.number().int().positive(),
  payoutPercent: decimalString,
  minStake: decimalString,
  maxStake: decimalString,
});
export type OptionsProduct = z.infer<typeof optionsProduct>;

/** What an order panel needs about an instrument's terms, in one call. */
export const tradingTerms = z.object({
  instrumentId: z.number().int(),
  feePercent: decimalString,
  maintenanceMarginPercent: decimalString,
  leverages: z.array(z.number().int().positive()),
  contractSize: decimalString,
  tickSize: decimalString,
  /** The smallest order, the lot step and the largest order (SPEC §5.7, issue 31). */
  lots: lotTerms,
  options: z.array(optionsProduct),
});
export type TradingTerms = z.infer<typeof tradingTerms>;

export const buyOptionsBody = z.object({
  instrumentId,
  direction: z.enum(OPTION_DIRECTIONS),
  amount: amountField(V.amountRequired),
  period: z.number().int().min(1).max(86_400),
});
export type BuyOptionsBody = z.infer<typeof buyOptionsBody>;

export const optionsOrder = z.object({
  id: z.string(),
  instrumentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  direction: z.enum(OPTION_DIRECTIONS),
  amount: decimalString,
  period: z.number().int(),
  payoutPercent: decimalString,
  openPrice: decimalString,
  /** The time of the feed tick the open price came from. */
  openTime: z.number().int(),
  /** The purchase time + period: the order settles on the price in effect then. */
  settleAt: z.number().int(),
  settlePrice: decimalString.nullable(),
  /** The time of the feed tick the settle price came from (the last tick at or before settleAt). */
  settleTime: z.number().int().nullable(),
  /**
   * + profit when won, − stake when lost, 0 for a draw or a cancelled order (a demo reset, or a price at the
   * due time this server does not know: the stake is returned); null while open.
   */
  profit: decimalString.nullable(),
  status: z.enum(OPTION_STATUSES),
});
export type OptionsOrder = z.infer<typeof optionsOrder>;

export const listOptionsOrderQuery = z.object({
  status: z.enum(['open', 'settled']).default('open'),
  ...ordersPageQuery,
});
export type ListOptionsOrderQuery = z.infer<typeof listOptionsOrderQuery>;
export const listOptionsOrderResult = ordersPage(optionsOrder);
export type ListOptionsOrderResult = z.infer<typeof listOptionsOrderResult>;

/** A numeric id in a path (orders): 1 … 10^15 − 1 as digits (exact as a JavaScript number). */
export const orderIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

/** `Idempotency-Key`: 8–128 characters of letters, digits, `-` and `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
