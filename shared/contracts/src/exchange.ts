import { z } from 'zod';
import { amountIn } from './currencies.ts';
import { EXCHANGE_CURRENCIES, EXCHANGE_KEYS, isExchangePair } from './exchange-rules.ts';
import { V } from './validation-keys.ts';

export * from './exchange-rules.ts';

/**
 * The schemas of the flash exchange (SPEC §5.4): the client's form checks them and the API again. What
 * an amount gives (and so its minimum) depends on the live rate: the API's quote checks that.
 */
const currencyField = z.enum(EXCHANGE_CURRENCIES, { error: V.invalid });

const quoteFields = z.object({
  from: currencyField,
  to: currencyField,
  /** What the customer gives, in `from`: a plain decimal > 0 with no more places than `from` accepts. */
  amount: z.string({ error: V.amountRequired }).trim().min(1, { error: V.amountRequired }).max(40),
});

/** The pair is crypto ↔ USD, the amount has no more places than the currency given accepts. */
function checkQuote(body: z.output<typeof quoteFields>, ctx: z.RefinementCtx): void {
  if (!isExchangePair(body.from, body.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: EXCHANGE_KEYS.pair });
  const amount = amountIn(body.from).safeParse(body.amount);
  if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]!.message });
}

/** The exchange form, and the body of `quoteExchange`: what to give, in which currency, for which currency. */
export const exchangeQuoteBody = quoteFields.superRefine(checkQuote);
export type ExchangeQuoteBody = z.input<typeof exchangeQuoteBody>;

/**
 * A quote: the rate (units of `to` per unit of `from`, from the live price), the fee (in `from`, at
 * `feePercent`), what is received (in `to`) and until when it holds. Submitting it by its id books exactly
 * these figures.
 */
export const exchangeQuoteResult = z.object({
  quoteId: z.uuid(),
  from: currencyField,
  to: currencyField,
  amount: z.string(),
  rate: z.string(),
  fee: z.string(),
  feePercent: z.string(),
  received: z.string(),
  expiresAt: z.string(),
});
export type ExchangeQuoteResult = z.infer<typeof exchangeQuoteResult>;

/** Body of `submitExchange`: the quote to carry out (the caller's, unused, not expired). */
export const submitExchangeBody = z.object({ quoteId: z.uuid({ error: V.invalid }) });
export type SubmitExchangeBody = z.input<typeof submitExchangeBody>;

/** An exchange carried out, as its owner reads it (SPEC §3: from, to, amount, rate, received, time; and the fee). */
export const exchangeView = z.object({
  id: z.number().int(),
  from: currencyField,
  to: currencyField,
  amount: z.string(),
  rate: z.string(),
  fee: z.string(),
  received: z.string(),
  createdAt: z.string(),
});
export type ExchangeView = z.infer<typeof exchangeView>;

export const listExchangesQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const listExchangesResult = z.object({ items: z.array(exchangeView), total: z.number().int(), page: z.number().int() });
export type ListExchangesResult = z.infer<typeof listExchangesResult>;
