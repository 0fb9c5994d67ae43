import { boolean, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Prices: exact decimals wide enough for any instrument (a meme coin's 0.00000001 to an index's 40000). */
const price = (name: string) => numeric(name, { precision: 38, scale: 18 }).notNull();

/**
 * The market catalogue (SPEC §3 market item): what the feed quotes and the order forms trade. The
 * anchor is the point the instrument's simulated history was generated back from (its first price).
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    tickSize: price('tick_size'),
    contractSize: price('contract_size'),
    leverages: jsonb('leverages').$type<number[]>().notNull(),
    session: text('session').notNull(),
    volatility: price('volatility'),
    dailyVolumeUsd: price('daily_volume_usd'),
    /** Order of the default listing and the home list (lower first). */
    rank: integer('rank').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    anchorPrice: price('anchor_price'),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('instruments_code_idx').on(t.code)],
);

/** K-line candles per instrument and interval; volume is traded value in USD. */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id').notNull(),
    interval: text('interval').notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    open: price('open'),
    high: price('high'),
    low: price('low'),
    close: price('close'),
    volume: price('volume'),
  },
  (t) => [uniqueIndex('candles_pk').on(t.instrumentId, t.interval, t.openTime)],
);

/** Which (instrument, interval) histories were back-filled, so each is generated once. */
export const candleBackfills = pgTable(
  'candle_backfills',
  {
    instrumentId: integer('instrument_id').notNull(),
    interval: text('interval').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('candle_backfills_pk').on(t.instrumentId, t.interval)],
);

/** A user's watchlist. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watchlist_pk').on(t.userId, t.instrumentId)],
);
