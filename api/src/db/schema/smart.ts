import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });
const percent = (name: string) => numeric(name, { precision: 10, scale: 4 });

/**
 * A smart plan product (SPEC §3, issue 27), edited by operators in the back-office (audited). A plan
 * copies the terms at purchase: an edit applies to new plans only.
 */
export const smartProducts = pgTable(
  'smart_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    termDays: integer('term_days').notNull(),
    minAmount: exact('min_amount').notNull(),
    maxAmount: exact('max_amount').notNull(),
    dailyYieldPercent: percent('daily_yield_percent').notNull(),
    profitSharingDays: integer('profit_sharing_days').notNull(),
    earlyExitPenaltyPercent: percent('early_exit_penalty_percent').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('smart_products_range', sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount}`),
    check('smart_products_days', sql`${t.termDays} >= 1 and ${t.profitSharingDays} >= 1 and ${t.profitSharingDays} <= ${t.termDays}`),
    check(
      'smart_products_percents',
      sql`${t.dailyYieldPercent} >= 0 and ${t.earlyExitPenaltyPercent} >= 0 and ${t.earlyExitPenaltyPercent} <= 100`,
    ),
  ],
);

/**
 * A customer's plan (a smart order; SPEC §3, §4, ADR 008): the product's terms as they were at purchase
 * (never changed for this plan), and where it stands — the days whose income is credited, the income
 * credited in total and the part not yet released (kept in step with the ledger's `plan_accrued` in the
 * same transactions; the check reconciles it and `plan_principal` with the running plans). Real account
 * only. One running plan per customer and product (`smart_orders_running_idx`).
 */
export const smartOrders = pgTable(
  'smart_orders',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => smartProducts.id),
    productName: text('product_name').notNull(),
    /** earning | profit_shared | completed | ended_early (smart-rules.ts). */
    status: text('status').notNull().default('earning'),
    currency: text('currency').notNull(),
    amount: exact('amount').notNull(),
    termDays: integer('term_days').notNull(),
    dailyYieldPercent: percent('daily_yield_percent').notNull(),
    profitSharingDays: integer('profit_sharing_days').notNull(),
    earlyExitPenaltyPercent: percent('early_exit_penalty_percent').notNull(),
    dailyIncome: exact('daily_income').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the next day's income is due (null once ended): the accrual job's due rows. */
    nextProfitAt: timestamp('next_profit_at', { withTimezone: true }),
    daysRun: integer('days_run').notNull().default(0),
    totalProfit: exact('total_profit').notNull().default('0'),
    accrued: exact('accrued').notNull().default('0'),
    penalty: exact('penalty'),
    returned: exact('returned'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('smart_orders_user_idx').on(t.userId, t.id),
    uniqueIndex('smart_orders_running_idx')
      .on(t.userId, t.productId)
      .where(sql`${t.status} in ('earning', 'profit_shared')`),
    index('smart_orders_due_idx')
      .on(t.nextProfitAt)
      .where(sql`${t.status} in ('earning', 'profit_shared')`),
    check('smart_orders_amount_positive', sql`${t.amount} > 0`),
    check('smart_orders_figures', sql`${t.accrued} >= 0 and ${t.totalProfit} >= ${t.accrued} and ${t.daysRun} between 0 and ${t.termDays}`),
    check('smart_orders_status_known', sql`${t.status} in ('earning', 'profit_shared', 'completed', 'ended_early')`),
  ],
);
