// Zod-free: crypto loans (SPEC §3, §4, §5.8, issue 26) — products, the interest arithmetic shared by the
// calculator and the API, and the states. The schemas are in loans.ts.
import { Money, money } from './money.ts';
import type { MoneyInput } from './money.ts';

/** Loans are lent and repaid in the trading account's currency. */
export const LOAN_CURRENCY = 'USD';
/** Amounts of a loan, and each day's interest, are whole cents. */
export const LOAN_PLACES = 2;
/** One day of a loan: interest accrues once per this span after the disbursement. */
export const LOAN_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * pending (in review) → repaying (disbursed) → repaid, or overdue (past the due date, still owing) →
 * repaid; rejected ends a pending one.
 */
export const LOAN_STATES = ['pending', 'repaying', 'overdue', 'repaid', 'rejected'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** The states in which a loan is open: the customer can have one such loan at a time. */
export const OPEN_LOAN_STATES = ['pending', 'repaying', 'overdue'] as const satisfies readonly LoanState[];

/** One loan product (the `loan_products` setting): a term, an amount range and a daily rate. */
export interface LoanProduct {
  termDays: number;
  minAmount: string;
  maxAmount: string;
  /** Interest per day, in percent of the unpaid principal. */
  dailyRatePercent: string;
}

/** Loans per page of `listLoans`. */
export const LOANS_PAGE_SIZE = 20;
/** At most this many products. */
export const LOAN_PRODUCTS_MAX = 10;

const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
const RATE = /^(0|[1-9]\d?)(\.\d{1,4})?$/;

/**
 * The products of a `loan_products` setting (a JSON list), or null when it is misconfigured (not a list
 * of 1–10 products each with a whole term of 1–3650 days, a range of cents with 0 < min ≤ max, a daily
 * rate of 0–99.9999 %, and no term twice): the API then refuses loans with 10023.
 */
export function parseLoanProducts(text: string | null | undefined): LoanProduct[] | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > LOAN_PRODUCTS_MAX) return null;
  const products: LoanProduct[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { termDays, minAmount, maxAmount, dailyRatePercent } = item as Record<string, unknown>;
    if (typeof termDays !== 'number' || !Number.isInteger(termDays) || termDays < 1 || termDays > 3650) return null;
    if (typeof minAmount !== 'string' || typeof maxAmount !== 'string' || !AMOUNT.test(minAmount) || !AMOUNT.test(maxAmount)) return null;
    if (typeof dailyRatePercent !== 'string' || !RATE.test(dailyRatePercent)) return null;
    if (!money(minAmount).gt(0) || money(minAmount).gt(maxAmount)) return null;
    if (products.some((p) => p.termDays === termDays)) return null;
    products.push({ termDays, minAmount, maxAmount, dailyRatePercent });
  }
  return products.sort((a, b) => a.termDays - b.termDays);
}

/** One day's interest on an unpaid principal: principal × rate ÷ 100, to the cent, half up. */
export function dailyInterest(principal: MoneyInput, dailyRatePercent: string): Money {
  return money(principal).times(dailyRatePercent).dividedBy(100).toDecimalPlaces(LOAN_PLACES, Money.ROUND_HALF_UP);
}

/** One row of a loan's schedule: days counted from the disbursement, the interest of each and of the span. */
export interface LoanScheduleRow {
  fromDay: number;
  toDay: number;
  dailyInterest: string;
  periodInterest: string;
}

/** What a loan costs when repaid on its due date with no repayment before (the calculator, the agreement). */
export interface LoanQuote {
  totalInterest: string;
  repaymentAmount: string;
  /** Interest of each interest-bearing day (0 when the whole term is interest-free). */
  dailyInterest: string;
  schedule: LoanScheduleRow[];
}

const cents = (value: Money) => value.toFixed(LOAN_PLACES);

/**
 * The terms stated before applying: no interest on the first `interestFreeDays` days, then each day's
 * interest on the principal until the term ends; repaid on the due date, the loan costs
 * principal + total interest. Repaying earlier lowers the interest (it accrues on what is unpaid).
 */
export function loanQuote(
  amount: MoneyInput,
  product: Pick<LoanProduct, 'termDays' | 'dailyRatePercent'>,
  interestFreeDays: number,
): LoanQuote {
  const principal = money(amount);
  const freeDays = Math.min(Math.max(0, interestFreeDays), product.termDays);
  const paidDays = product.termDays - freeDays;
  const perDay = paidDays > 0 ? dailyInterest(principal, product.dailyRatePercent) : money('0');
  const total = perDay.times(paidDays);
  const schedule: LoanScheduleRow[] = [];
  if (freeDays > 0) schedule.push({ fromDay: 1, toDay: freeDays, dailyInterest: cents(money('0')), periodInterest: cents(money('0')) });
  if (paidDays > 0)
    schedule.push({ fromDay: freeDays + 1, toDay: product.termDays, dailyInterest: cents(perDay), periodInterest: cents(total) });
  return { totalInterest: cents(total), repaymentAmount: cents(principal.plus(total)), dailyInterest: cents(perDay), schedule };
}

/**
 * How a repayment is applied (ADR 008): accrued interest first, then principal. Never more than is owed
 * (the caller refuses an amount above it).
 */
export function splitRepayment(amount: MoneyInput, interestDue: MoneyInput): { interest: Money; principal: Money } {
  const paid = money(amount);
  const interest = Money.min(paid, money(interestDue));
  return { interest, principal: paid.minus(interest) };
}

/** The message keys of the loan form (the `common` namespace). */
export const LOAN_KEYS = {
  amountRequired: 'validation.enterLoanAmount',
  amountOutOfRange: 'validation.loanAmountRange',
  termRequired: 'validation.selectLoanTerm',
  repayRequired: 'validation.enterRepayAmount',
  repayTooMuch: 'validation.repayTooMuch',
  notSigned: 'validation.notSigned',
} as const;

/** The default products (seeded; operators change `loan_products`): 7, 30 and 90 days. */
export const DEFAULT_LOAN_PRODUCTS: readonly LoanProduct[] = [
  { termDays: 7, minAmount: '100', maxAmount: '5000', dailyRatePercent: '0.1' },
  { termDays: 30, minAmount: '100', maxAmount: '20000', dailyRatePercent: '0.08' },
  { termDays: 90, minAmount: '500', maxAmount: '50000', dailyRatePercent: '0.06' },
];
