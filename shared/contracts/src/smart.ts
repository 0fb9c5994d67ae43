import { z } from 'zod';
import { accountModeChangedResult } from './accounts.ts';
import { isAmount, money } from './money.ts';
import { SMART_DAILY_YIELD_MAX, SMART_KEYS, SMART_STATES, SMART_TERM_DAYS_MAX } from './smart-rules.ts';
import { V } from './validation-keys.ts';

export * from './smart-rules.ts';

const cents = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { error: V.amountInvalid })
    .refine((text) => /[1-9]/.test(text), { error: V.amountInvalid });

/** A percentage with ≤ 4 places up to `max`; more than 0, or 0 too where `zero` (a penalty may be none). */
const percent = (max: string, zero = false) =>
  z
    .string({ error: V.amountInvalid })
    .trim()
    .refine((t) => (zero && /^0+(\.0+)?$/.test(t)) || (isAmount(t, 4) && money(t).lte(max)), { error: V.amountInvalid });

/** A product as customers read it: its terms, stated before purchase. */
export const smartProductView = z.object({
  id: z.number().int(),
  name: z.string(),
  termDays: z.number().int(),
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyYieldPercent: z.string(),
  profitSharingDays: z.number().int(),
  earlyExitPenaltyPercent: z.string(),
  enabled: z.boolean(),
});
export type SmartProductView = z.infer<typeof smartProductView>;

/** `listSmartProducts`: the products on offer (and those switched off, marked), in the plans' currency. */
export const smartProductsResult = z.object({ products: z.array(smartProductView), currency: z.string() });
export type SmartProductsResult = z.infer<typeof smartProductsResult>;

/**
 * Body of `buySmart`: the product, the amount within its range, and every term the customer was shown
 * (the API refuses a product whose terms changed since, rather than sell on terms nobody read: 10012 for
 * the days, 10010 for the yield, the profit-sharing days or the penalty).
 */
export const buySmartBody = z.object({
  productId: z.number({ error: V.invalid }).int().min(1).max(2_147_483_647),
  amount: cents(SMART_KEYS.amountRequired),
  termDays: z.number({ error: V.invalid }).int().min(1).max(SMART_TERM_DAYS_MAX),
  dailyYieldPercent: percent(SMART_DAILY_YIELD_MAX),
  profitSharingDays: z.number({ error: V.invalid }).int().min(1).max(SMART_TERM_DAYS_MAX),
  earlyExitPenaltyPercent: percent('100', true),
});
export type BuySmartBody = z.input<typeof buySmartBody>;

/** The plan form as the client fills it in. */
export const smartForm = z.object({ amount: cents(SMART_KEYS.amountRequired) });

/** A plan (a smart order) as its owner reads it: the terms copied at purchase and where it stands. */
export const smartOrderView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  state: z.enum(SMART_STATES),
  currency: z.string(),
  amount: z.string(),
  termDays: z.number().int(),
  dailyYieldPercent: z.string(),
  profitSharingDays: z.number().int(),
  earlyExitPenaltyPercent: z.string(),
  dailyIncome: z.string(),
  /** As stated before purchase: the income of the whole term, and principal + that income. */
  totalIncome: z.string(),
  totalAtTerm: z.string(),
  startedAt: z.string(),
  endsAt: z.string(),
  /** When the next day's income is credited (null once the plan has ended), on the plans' clock (`now`). */
  nextProfitAt: z.string().nullable(),
  daysRun: z.number().int(),
  /** Every day's income credited so far; the part not yet released (not withdrawable yet). */
  totalProfit: z.string(),
  accrued: z.string(),
  /**
   * When the plan ended: the penalty taken (0 at the term's end) and what was paid back to the balance at
   * that moment (the principal or what is left of it, with the income not released before).
   */
  penalty: z.string().nullable(),
  returned: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type SmartOrderView = z.infer<typeof smartOrderView>;

export const listSmartOrderQuery = z.object({
  status: z.enum(['running', ...SMART_STATES]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/**
 * `now`: the plans' clock when the answer was made, so a countdown to `nextProfitAt` does not depend on the
 * reader's own clock being right (or on a test site's moved one).
 */
export const listSmartOrderResult = z.object({
  items: z.array(smartOrderView),
  total: z.number().int(),
  page: z.number().int(),
  now: z.string(),
});
export type ListSmartOrderResult = z.infer<typeof listSmartOrderResult>;

export const smartOrderParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** One credited day: its number in the term, the moment it was due, the income. */
const smartAccrualView = z.object({ day: z.number().int(), at: z.string(), amount: z.string() });
export type SmartAccrualView = z.infer<typeof smartAccrualView>;

/** A plan with each day's income (the chart and the history). */
export const smartOrderDetail = z.object({ order: smartOrderView, accruals: z.array(smartAccrualView), now: z.string() });
export type SmartOrderDetail = z.infer<typeof smartOrderDetail>;

/** What leaving a plan now would cost and return (`previewEarlyExit`); confirming applies exactly this. */
export const earlyExitPreview = z.object({
  orderId: z.number().int(),
  principal: z.string(),
  accrued: z.string(),
  earlyExitPenaltyPercent: z.string(),
  penalty: z.string(),
  fromIncome: z.string(),
  fromPrincipal: z.string(),
  incomeReturned: z.string(),
  principalReturned: z.string(),
  receive: z.string(),
});
export type EarlyExitPreview = z.infer<typeof earlyExitPreview>;

/**
 * Body of `earlyExitSmart`: what the customer was shown; when a day's income was credited since (the
 * accrued part changed), the API refuses with the new preview rather than apply figures nobody read.
 */
export const earlyExitBody = z.object({ receive: cents(V.amountInvalid) });

/** A refusal of `buySmart` / `earlyExitSmart`: the account mode in use (10110), the range (10013), a new preview. */
export const smartRefusalResult = accountModeChangedResult
  .partial()
  .extend({ min: z.string().optional(), max: z.string().optional(), preview: earlyExitPreview.optional() });

/** A product as operators edit it (back-office, audited); a change applies to new plans only. */
export const smartProductBody = z
  .object({
    name: z.string({ error: SMART_KEYS.nameRequired }).trim().min(1, { error: SMART_KEYS.nameRequired }).max(60),
    termDays: z
      .number({ error: SMART_KEYS.termInvalid })
      .int({ error: SMART_KEYS.termInvalid })
      .min(1, { error: SMART_KEYS.termInvalid })
      .max(SMART_TERM_DAYS_MAX, { error: SMART_KEYS.termInvalid }),
    minAmount: cents(V.amountInvalid),
    maxAmount: cents(V.amountInvalid),
    dailyYieldPercent: percent(SMART_DAILY_YIELD_MAX),
    profitSharingDays: z
      .number({ error: SMART_KEYS.sharingInvalid })
      .int({ error: SMART_KEYS.sharingInvalid })
      .min(1, { error: SMART_KEYS.sharingInvalid })
      .max(SMART_TERM_DAYS_MAX, { error: SMART_KEYS.sharingInvalid }),
    earlyExitPenaltyPercent: percent('100', true),
    enabled: z.boolean(),
  })
  .refine((b) => b.profitSharingDays <= b.termDays, { error: SMART_KEYS.sharingInvalid, path: ['profitSharingDays'] })
  .refine((b) => !isAmount(b.minAmount, 2) || !isAmount(b.maxAmount, 2) || money(b.minAmount).lte(b.maxAmount), {
    error: SMART_KEYS.rangeInvalid,
    path: ['maxAmount'],
  });
export type SmartProductBody = z.input<typeof smartProductBody>;

export const smartProductParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const smartProductsAdminResult = z.object({ products: z.array(smartProductView), defaultPenaltyPercent: z.string() });
