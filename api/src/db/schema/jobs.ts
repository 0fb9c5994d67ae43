import { bigint, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Exact decimals, as in money.ts: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * One row per unit of scheduled work done: a job (e.g. 'plan-accrual'), the thing it was done for (a plan's
 * id) and the period (a day, '2026-11-24'). Written in the same transaction as the work, so the unique key
 * makes two nodes, a restart or an overlapping run do it once: the second insert waits for the first
 * transaction and then finds the row (or, when the first was killed and rolled back, does the work itself).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    reference: text('reference').notNull(),
    period: text('period').notNull(),
    /** The period's start (epoch ms): the day the work is dated on. */
    periodStart: bigint('period_start', { mode: 'number' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.reference, t.period] })],
);

/**
 * A single-leader role's lease in the database (the market feed): whoever takes it over raises the token,
 * and the writes the role guards carry the token they were made under, refused once a newer one exists.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  token: bigint('token', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/**
 * A stop loss, take profit or liquidation that fired: recorded when the tick crossed, before the close is
 * tried, so a close that fails is retried at this price and time until it succeeds (SPEC §0 rule 3).
 * Deleted in the transaction that closes the position.
 */
export const closeTriggers = pgTable('close_triggers', {
  orderId: integer('order_id').primaryKey(),
  price: exact('price').notNull(),
  time: bigint('time', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The price series options settle on, kept in the database for instruments with open options (from the
 * feed's leader, tick by tick) so an option due while no node had the price in memory (a restart) settles
 * on the price in effect at its due time. Pruned once no open option can need a point.
 */
export const pricePoints = pgTable(
  'price_points',
  {
    instrumentId: integer('instrument_id').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    price: exact('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.time] }), index('price_points_time_idx').on(t.time)],
);
