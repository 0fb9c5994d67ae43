import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A flash exchange quote (SPEC §5.4): the figures stated to the customer — the rate from the live price, the
 * fee at the operator's percentage, what is received — held until `expires_at` (30 s). Submitting it books
 * exactly these figures once: `used_at` is set in the exchange's transaction, and only while it is null and
 * the quote has not expired.
 */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The currency given (`from`, SQL's reserved word, is not a column name). */
    fromCurrency: text('from_currency').notNull(),
    /** The currency received. */
    toCurrency: text('to_currency').notNull(),
    amount: exact('amount').notNull(),
    /** Units of `to_currency` per unit of `from_currency`. */
    rate: exact('rate').notNull(),
    feePercent: exact('fee_percent').notNull(),
    /** In `from_currency`, part of `amount`. */
    fee: exact('fee').notNull(),
    /** In `to_currency`: (amount − fee) × rate, rounded down to its places. */
    received: exact('received').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    // The clean-up finds the unused quotes that expired.
    index('exchange_quotes_unused_idx')
      .on(t.expiresAt)
      .where(sql`${t.usedAt} is null`),
    check(
      'exchange_quotes_amounts',
      sql`${t.amount} > 0 AND ${t.rate} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount} AND ${t.received} > 0`,
    ),
    check('exchange_quotes_two_currencies', sql`${t.fromCurrency} <> ${t.toCurrency}`),
  ],
);

/**
 * A flash exchange carried out: a quote's figures as booked on the ledger in one transaction (`exchange_out`
 * and `exchange_fee` in the currency given, `exchange_in` in the currency received, reference
 * (`exchange`, id)). One per quote.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => exchangeQuotes.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: exact('amount').notNull(),
    rate: exact('rate').notNull(),
    fee: exact('fee').notNull(),
    received: exact('received').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchanges_user_idx').on(t.userId, t.id),
    uniqueIndex('exchanges_quote_idx').on(t.quoteId),
    check('exchanges_amounts', sql`${t.amount} > 0 AND ${t.rate} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount} AND ${t.received} > 0`),
    check('exchanges_two_currencies', sql`${t.fromCurrency} <> ${t.toCurrency}`),
  ],
);
