import { z } from 'zod';
import { accountModeChangedResult } from './accounts.ts';
import { LOAN_KEYS, LOAN_STATES } from './loan-rules.ts';
import { V } from './validation-keys.ts';

export * from './loan-rules.ts';

const cents = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { error: V.amountInvalid })
    .refine((text) => /[1-9]/.test(text), { error: V.amountInvalid });

/** A loan product as customers read it, with the interest-free days in force. */
const loanProductView = z.object({
  termDays: z.number().int(),
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyRatePercent: z.string(),
});

/** `listLoanProducts`: the products and the interest-free days (`loan_interest_free_days`). */
export const loanProductsResult = z.object({
  products: z.array(loanProductView),
  interestFreeDays: z.number().int(),
  currency: z.string(),
});
export type LoanProductsResult = z.infer<typeof loanProductsResult>;

/**
 * Body of `loan`: the term (one product's), the amount within its range (checked by the API against the
 * product), the drawn signature (a private upload of the caller) and the terms the customer was shown
 * (the API refuses a changed product, 10023, rather than lend on terms nobody read).
 */
export const loanBody = z.object({
  termDays: z
    .number({ error: LOAN_KEYS.termRequired })
    .int({ error: LOAN_KEYS.termRequired })
    .min(1, { error: LOAN_KEYS.termRequired })
    .max(3650),
  amount: cents(LOAN_KEYS.amountRequired),
  dailyRatePercent: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,4})?$/, { error: V.invalid }),
  interestFreeDays: z.number().int().min(0).max(999),
  signatureId: z.uuid({ error: 'validation.notSigned' }),
});
export type LoanBody = z.input<typeof loanBody>;

/** One entry of a loan's history: disbursed, a day's interest, a repayment (interest and principal parts). */
const loanEventView = z.object({
  kind: z.enum(['disbursed', 'interest', 'repayment', 'overdue', 'repaid', 'rejected', 'applied']),
  at: z.string(),
  amount: z.string().nullable(),
  interest: z.string().nullable(),
  principal: z.string().nullable(),
});
export type LoanEventView = z.infer<typeof loanEventView>;

/** The application form as the client fills it in: the term picked and the amount (the signature is drawn beside it). */
export const loanForm = z.object({
  termDays: z.string({ error: LOAN_KEYS.termRequired }).regex(/^[1-9]\d{0,3}$/, { error: LOAN_KEYS.termRequired }),
  amount: cents(LOAN_KEYS.amountRequired),
});

/** A loan as its borrower reads it. */
export const loanView = z.object({
  id: z.number().int(),
  state: z.enum(LOAN_STATES),
  currency: z.string(),
  amount: z.string(),
  termDays: z.number().int(),
  dailyRatePercent: z.string(),
  interestFreeDays: z.number().int(),
  /** As stated before applying: the interest if repaid on the due date. */
  totalInterest: z.string(),
  repaymentAmount: z.string(),
  /** What is owed now: unpaid principal, accrued unpaid interest, their sum. */
  principalDue: z.string(),
  interestDue: z.string(),
  owed: z.string(),
  appliedAt: z.string(),
  disbursedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** When the next day's interest is added (null before disbursement and once repaid). */
  nextInterestAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The reason code of a rejection (`reviews.reasons.<code>`). */
  reason: z.string().nullable(),
  /** The agreement's SHA-256, as stored when it was signed. */
  agreementSha256: z.string(),
});
export type LoanView = z.infer<typeof loanView>;

export const listLoansQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const listLoansResult = z.object({ items: z.array(loanView), total: z.number().int(), page: z.number().int() });
export type ListLoansResult = z.infer<typeof listLoansResult>;

export const loanIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A loan with its history (the detail page). */
export const loanDetailResult = z.object({ loan: loanView, events: z.array(loanEventView) });
export type LoanDetailResult = z.infer<typeof loanDetailResult>;

/** Body of `repayLoan`: an amount of cents, at most what is owed (the API checks it against the loan). */
export const repayLoanBody = z.object({ amount: cents(LOAN_KEYS.repayRequired) });
export type RepayLoanBody = z.input<typeof repayLoanBody>;

/**
 * What a refusal of `loan` or `repayLoan` tells: the account mode in use (10110), the product's range
 * (10143) or what is owed (10142).
 */
export const loanRefusalResult = accountModeChangedResult
  .partial()
  .extend({ min: z.string().optional(), max: z.string().optional(), owed: z.string().optional() });
