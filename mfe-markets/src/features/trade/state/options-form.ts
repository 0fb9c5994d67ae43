import { z } from 'zod';
import { money, OPTION_DIRECTIONS, optionProfit } from '@meridian/contracts';
import type { BuyOptionsBody, Money, OptionDirection, OptionsProduct } from '@meridian/contracts';
import { buyOptionsBody } from '@meridian/contracts/schemas';

export interface OptionsFormValues {
  direction: OptionDirection;
  amount: string;
  period: number | null;
}

/** The markets-namespace key of a stake outside the product's min/max (the hint shows both figures). */
export const AMOUNT_RANGE_KEY = 'markets:trade.options.amountRange';

/** What a win pays: the stake back plus the profit (stake × payout %, rounded down like the server). */
export function previewOptionsPayout(
  amount: string,
  product: Pick<OptionsProduct, 'payoutPercent'>,
): { profit: Money; total: Money } | null {
  const parsed = buyOptionsBody.shape.amount.safeParse(amount);
  if (!parsed.success) return null;
  const profit = optionProfit(parsed.data, product.payoutPercent);
  return { profit, total: money(parsed.data).plus(profit) };
}

/** The message key of each wrong field, and the body to send when none is wrong. */
export function validateOptionsForm(
  values: OptionsFormValues,
  context: { instrumentId: number; products: readonly OptionsProduct[] },
): { errors: Partial<Record<'amount' | 'period', string>>; body: BuyOptionsBody | null } {
  const errors: Partial<Record<'amount' | 'period', string>> = {};
  const product = context.products.find((p) => p.period === values.period);
  if (!product) errors.period = 'errors.10017';
  const parsed = buyOptionsBody.safeParse({
    instrumentId: context.instrumentId,
    direction: values.direction,
    amount: values.amount,
    period: values.period ?? 0,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'amount');
    if (issue) errors.amount = issue.message;
  }
  if (!errors.amount && product && (money(values.amount.trim()).lt(product.minStake) || money(values.amount.trim()).gt(product.maxStake))) {
    errors.amount = AMOUNT_RANGE_KEY;
  }
  return { errors, body: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null };
}

/**
 * The options order form's schema (for the kit's Form): direction, stake as typed and period, parsed to the
 * body to send with `validateOptionsForm` (the body schema, then the chosen period's stake limits; a period no
 * longer offered counts as the first).
 */
export function optionsOrderForm(context: { instrumentId: number; products: readonly OptionsProduct[] }) {
  return z.object({ direction: z.enum(OPTION_DIRECTIONS), amount: z.string(), period: z.number().nullable() }).transform((values, ctx) => {
    // The terms may change (read again): a period no longer offered falls back to the first.
    const product = context.products.find((p) => p.period === values.period) ?? context.products[0];
    const { errors, body } = validateOptionsForm({ ...values, period: product?.period ?? null }, context);
    if (body) return body;
    for (const field of ['amount', 'period'] as const) {
      const message = errors[field];
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
}
