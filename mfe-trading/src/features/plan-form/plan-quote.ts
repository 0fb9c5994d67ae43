import { SMART_DAY_MS, SMART_KEYS, money, smartQuote } from '@meridian/contracts';
import type { SmartProductView, SmartQuote } from '@meridian/contracts';
import { smartForm } from '@meridian/contracts/schemas';

/** What a plan of `product` bought now for `amount` pays, and when its days fall (counted from the purchase). */
export interface PlanPreview extends SmartQuote {
  /** The moment the profit-sharing days have run: income accrued so far and every later day's is the customer's. */
  sharingFrom: Date;
  /** The end of the term: principal and income return. */
  endsAt: Date;
}

/**
 * The message key of what is wrong with the amount typed, or null: first the contract's form schema (enter
 * the amount; a correct amount), then the product's range (`validation.smartAmountRange`, with its min and max).
 */
export function amountProblem(amount: string, product: Pick<SmartProductView, 'minAmount' | 'maxAmount'>): string | null {
  const parsed = smartForm.safeParse({ amount });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? SMART_KEYS.amountRequired;
  const value = money(parsed.data.amount);
  return value.lt(product.minAmount) || value.gt(product.maxAmount) ? SMART_KEYS.amountOutOfRange : null;
}

/** The preview of the figures, from the contract's arithmetic (`smartQuote`), or null while the amount is not acceptable. */
export function previewPlan(amount: string, product: SmartProductView, now: number): PlanPreview | null {
  if (amountProblem(amount, product) !== null) return null;
  return {
    ...smartQuote(amount.trim(), product),
    sharingFrom: new Date(now + product.profitSharingDays * SMART_DAY_MS),
    endsAt: new Date(now + product.termDays * SMART_DAY_MS),
  };
}
