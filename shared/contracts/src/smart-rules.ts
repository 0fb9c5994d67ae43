// Zod-free: smart trading plans (SPEC §3, §4, issue 27) — the states, the arithmetic the plan form, the
// early-exit preview and the API share, and the bounds of a product. The schemas are in smart.ts.
import { Money, money } from './money.ts';
import type { MoneyInput } from './money.ts';

/** Plans are bought and paid in the trading account's currency. */
export const SMART_CURRENCY = 'USD';
/** Amounts of a plan, and each day's income, are whole cents. */
export const SMART_PLACES = 2;
/** One day of a plan: its income is credited once per this span after the purchase, at the next-profit time. */
export const SMART_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * earning (income accrues daily, not withdrawable yet) → profit shared (the profit-sharing days have run:
 * what accrued and every later day's income is the customer's cash) → completed (term end: principal and
 * income returned); either running state → ended early (the customer left; the stated penalty applied).
 */
export const SMART_STATES = ['earning', 'profit_shared', 'completed', 'ended_early'] as const;
export type SmartState = (typeof SMART_STATES)[number];
/** The states in which a plan runs: one such plan per customer and product (10024). */
export const RUNNING_SMART_STATES = ['earning', 'profit_shared'] as const satisfies readonly SmartState[];

/** Plans per page of `listSmartOrder`; products at most. */
export const SMART_ORDERS_PAGE_SIZE = 20;
export const SMART_PRODUCTS_MAX = 20;
/** A product's bounds: the term, the profit-sharing days within it, the yield a day. */
export const SMART_TERM_DAYS_MAX = 3650;
export const SMART_DAILY_YIELD_MAX = '10';

/** The validation messages of the plan form and the product editor (SPEC §7: "enter smart amount"). */
export const SMART_KEYS = {
  amountRequired: 'validation.enterSmartAmount',
  amountOutOfRange: 'validation.smartAmountRange',
  nameRequired: 'validation.enterProductName',
  termInvalid: 'validation.smartTermInvalid',
  sharingInvalid: 'validation.smartSharingInvalid',
  rangeInvalid: 'validation.smartRangeInvalid',
} as const;

/** A product's terms, as an order copies them at purchase (they never change for that order). */
export interface SmartTerms {
  termDays: number;
  dailyYieldPercent: string;
  profitSharingDays: number;
  earlyExitPenaltyPercent: string;
}

const cents = (value: Money) => value.toDecimalPlaces(SMART_PLACES, Money.ROUND_HALF_UP);

/** One day's income: principal × daily yield ÷ 100, to the cent, half up. The same every day of the term. */
export function smartDailyIncome(principal: MoneyInput, dailyYieldPercent: string): Money {
  return cents(money(principal).times(dailyYieldPercent).dividedBy(100));
}

/** The early-exit penalty: principal × penalty ÷ 100, to the cent, half up. */
export function smartPenalty(principal: MoneyInput, earlyExitPenaltyPercent: string): Money {
  return cents(money(principal).times(earlyExitPenaltyPercent).dividedBy(100));
}

/** What a plan pays if held to its term, as stated before purchase. */
export interface SmartQuote {
  dailyIncome: string;
  totalIncome: string;
  totalAtTerm: string;
  earlyExitPenalty: string;
}

export function smartQuote(principal: MoneyInput, terms: SmartTerms): SmartQuote {
  const daily = smartDailyIncome(principal, terms.dailyYieldPercent);
  const total = daily.times(terms.termDays);
  return {
    dailyIncome: daily.toFixed(2),
    totalIncome: total.toFixed(2),
    totalAtTerm: money(principal).plus(total).toFixed(2),
    earlyExitPenalty: smartPenalty(principal, terms.earlyExitPenaltyPercent).toFixed(2),
  };
}

/** Leaving a plan early: the penalty, the parts it comes from, and what goes back to the balance. */
export interface EarlyExitSplit {
  penalty: string;
  /** Taken from the income accrued and not yet released, first. */
  fromIncome: string;
  /** The rest of the penalty, from the principal. */
  fromPrincipal: string;
  /** Returned to the balance: what is left of the accrued income, then of the principal. */
  incomeReturned: string;
  principalReturned: string;
  /** incomeReturned + principalReturned. */
  receive: string;
}

/**
 * The early-exit split (SPEC §1: "a share of the principal, deducted from the plan's income first"): the
 * penalty is `penalty %` of the principal; it is taken from the accrued, unreleased income first and from
 * the principal for the rest. Income already released (profit shared) is the customer's and is not taken back.
 */
export function earlyExitSplit(principal: MoneyInput, accrued: MoneyInput, earlyExitPenaltyPercent: string): EarlyExitSplit {
  const penalty = smartPenalty(principal, earlyExitPenaltyPercent);
  const income = money(accrued);
  const fromIncome = Money.min(penalty, income);
  const fromPrincipal = penalty.minus(fromIncome);
  const incomeReturned = income.minus(fromIncome);
  const principalReturned = money(principal).minus(fromPrincipal);
  return {
    penalty: penalty.toFixed(2),
    fromIncome: fromIncome.toFixed(2),
    fromPrincipal: fromPrincipal.toFixed(2),
    incomeReturned: incomeReturned.toFixed(2),
    principalReturned: principalReturned.toFixed(2),
    receive: incomeReturned.plus(principalReturned).toFixed(2),
  };
}

/** Whole days elapsed since the purchase by `now`, at most the term: the days a plan has run. */
export function smartDaysEnded(startedAt: number, now: number, termDays: number): number {
  if (now < startedAt) return 0;
  return Math.min(termDays, Math.floor((now - startedAt) / SMART_DAY_MS));
}
