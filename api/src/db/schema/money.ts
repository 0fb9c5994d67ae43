import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ONCE_PER_EVENT_TRANSFER_TYPES } from '@meridian/contracts';

/** Exact decimals of the money core: `numeric(38,18)` (the `Money` module of @meridian/contracts covers them). */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });
/** Times of feed ticks and due times, in epoch milliseconds (exactly what the feed published). */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * The currency table (CURRENCIES of @meridian/contracts, seeded by the migration; a test checks they
 * agree): the places an amount of it may have, the places shown, its networks. Ledger accounts and
 * transfers reference it, and a check refuses a transfer with more places than its currency accepts.
 */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    places: smallint('places').notNull(),
    displayPlaces: smallint('display_places').notNull(),
    networks: text('networks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    check('currencies_places_range', sql`${t.places} BETWEEN 0 AND 18`),
    check('currencies_display_places_range', sql`${t.displayPlaces} BETWEEN 0 AND ${t.places}`),
  ],
);

/** The owner id of the platform's own (system) ledger accounts. */
export const SYSTEM_OWNER = '00000000-0000-0000-0000-000000000000';

/**
 * A ledger account: a user's (cash, margin, escrows … per mode and currency) or the platform's (fees,
 * house PnL, clearing … per mode and currency, split in shards so that many users' orders do not all
 * queue on one row). `balance` is the projection of the transfers, kept in the same transaction; a
 * user account can never go below zero (checked by the database too).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    mode: text('mode').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    shard: smallint('shard').notNull().default(0),
    allowNegative: boolean('allow_negative').notNull(),
    balance: exact('balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_idx').on(t.ownerId, t.mode, t.kind, t.currency, t.shard),
    check('ledger_accounts_not_overdrawn', sql`${t.allowNegative} OR ${t.balance} >= 0`),
  ],
);

/**
 * One movement of value: `amount` leaves the debit account and enters the credit account. Append-only
 * (a trigger refuses UPDATE and DELETE); written in the same transaction as the change it records.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    mode: text('mode').notNull(),
    /** A code of `currencies`: the places check refuses any other (no foreign key, see migrations 0014, 0015). */
    currency: text('currency').notNull(),
    debitAccountId: integer('debit_account_id').notNull(),
    creditAccountId: integer('credit_account_id').notNull(),
    amount: exact('amount').notNull(),
    /** The user the movement concerns (their records), null for platform-only movements. */
    userId: uuid('user_id'),
    /** The business object it belongs to: e.g. ('contract', '42'). */
    referenceKind: text('reference_kind').notNull(),
    referenceId: text('reference_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_user_idx').on(t.userId, t.mode, t.id),
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    index('ledger_transfers_reference_idx').on(t.referenceKind, t.referenceId),
    // Once-per-event transfers (ONCE_PER_EVENT_TRANSFER_TYPES: a contract's margin, fee, settlement and
    // hold, a deposit credit, a withdrawal payout, a day's accrual or interest, …) happen at most once
    // per type and reference, whatever runs twice. A change to that list needs a migration.
    uniqueIndex('ledger_transfers_once_idx')
      .on(t.type, t.referenceKind, t.referenceId)
      .where(sql`${t.type} in (${sql.raw(ONCE_PER_EVENT_TRANSFER_TYPES.map((type) => `'${type}'`).join(', '))})`),
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    // `currency_places` (migration 0015) states each currency's places; NULL for a code it does not list.
    check(
      'ledger_transfers_currency_places',
      sql`"currency_places"(${t.currency}) IS NOT NULL AND ${t.amount} = trunc(${t.amount}, "currency_places"(${t.currency}))`,
    ),
  ],
);

/** A money-moving request's answer, kept 24 h under its `Idempotency-Key` (per user). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Leveraged positions (SPEC §3 contract order). */
export const contractOrders = pgTable(
  'contract_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    mode: text('mode').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    side: text('side').notNull(),
    lots: exact('lots').notNull(),
    leverage: integer('leverage').notNull(),
    contractSize: exact('contract_size').notNull(),
    margin: exact('margin').notNull(),
    fee: exact('fee').notNull(),
    openPrice: exact('open_price').notNull(),
    openTime: epochMs('open_time').notNull(),
    stopLoss: exact('stop_loss'),
    takeProfit: exact('take_profit'),
    liquidationPrice: exact('liquidation_price').notNull(),
    status: text('status').notNull(),
    closePrice: exact('close_price'),
    closeTime: epochMs('close_time'),
    closeReason: text('close_reason'),
    realizedProfit: exact('realized_profit'),
    /** market | limit (SPEC §4: a limit order is pending until the feed reaches its price). */
    orderType: text('order_type').notNull().default('market'),
    limitPrice: exact('limit_price'),
    /** A pending order expires at this time (epoch ms, the job clock's). */
    expiresAt: epochMs('expires_at'),
    /** What a limit order holds from placement until it fills, is cancelled or expires (margin + fee at the limit). */
    held: exact('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_orders_user_idx').on(t.userId, t.mode, t.status, t.id),
    index('contract_orders_open_idx').on(t.status, t.instrumentId),
    index('contract_orders_pending_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The options product table: per instrument and period, the payout and the stake bounds. */
export const optionsProducts = pgTable(
  'options_products',
  {
    id: serial('id').primaryKey(),
    instrumentId: integer('instrument_id').notNull(),
    period: integer('period').notNull(),
    payoutPercent: numeric('payout_percent', { precision: 10, scale: 4 }).notNull(),
    minStake: exact('min_stake').notNull(),
    maxStake: exact('max_stake').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('options_products_idx').on(t.instrumentId, t.period)],
);

/** Timed options (SPEC §3 options order). */
export const optionsOrders = pgTable(
  'options_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    mode: text('mode').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    direction: text('direction').notNull(),
    amount: exact('amount').notNull(),
    period: integer('period').notNull(),
    payoutPercent: numeric('payout_percent', { precision: 10, scale: 4 }).notNull(),
    openPrice: exact('open_price').notNull(),
    openTime: epochMs('open_time').notNull(),
    settleAt: epochMs('settle_at').notNull(),
    settlePrice: exact('settle_price'),
    settleTime: epochMs('settle_time'),
    profit: exact('profit'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('options_orders_user_idx').on(t.userId, t.mode, t.status, t.id), index('options_orders_due_idx').on(t.status, t.settleAt)],
);
