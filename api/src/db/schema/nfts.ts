import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A charity NFTs raise money for (SPEC §1, issue 28), added by operators (audited). What it raised is
 * never stored: it is the sum of its NFTs' sale transfers to the charity account (ledger).
 */
export const charities = pgTable('charities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  url: text('url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An NFT and its one timed auction (SPEC §3, ADR 008 "Charity NFT auctions"): listed by an operator,
 * bid on until `ends_at` (moved by anti-sniping), closed once by the auction job (or at once by a
 * buy-now). While live, `leading_bid_id` / `current_bid` / `leader_id` name the one bid whose funds are
 * held (`nft_bid_hold`, reconciled with the leading bids); sold, `owner_id` is the buyer and the price
 * went to the charity account. Real account only.
 */
export const nfts = pgTable(
  'nfts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The seed of its generated artwork (`nfts/artwork.ts`). */
    artSeed: text('art_seed').notNull(),
    creator: text('creator').notNull(),
    chain: text('chain').notNull(),
    charityId: integer('charity_id')
      .notNull()
      .references(() => charities.id),
    currency: text('currency').notNull(),
    reservePrice: exact('reserve_price').notNull(),
    buyNowPrice: exact('buy_now_price'),
    minIncrement: exact('min_increment').notNull(),
    /** live | sold | unsold (nft-rules.ts). */
    status: text('status').notNull().default('live'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    listedEndsAt: timestamp('listed_ends_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    currentBid: exact('current_bid'),
    leadingBidId: bigint('leading_bid_id', { mode: 'number' }),
    leaderId: uuid('leader_id').references(() => users.id),
    bidCount: integer('bid_count').notNull().default(0),
    /** Bidder numbers given so far in this auction (a bidder keeps theirs). */
    bidders: integer('bidders').notNull().default(0),
    ownerId: uuid('owner_id').references(() => users.id),
    soldPrice: exact('sold_price'),
    /** auction | buy_now */
    soldBy: text('sold_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nfts_due_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'live'`),
    index('nfts_charity_idx').on(t.charityId),
    check('nfts_status', sql`${t.status} in ('live', 'sold', 'unsold')`),
    check(
      'nfts_prices',
      sql`${t.reservePrice} > 0 and ${t.minIncrement} > 0 and (${t.buyNowPrice} is null or ${t.buyNowPrice} > ${t.reservePrice})`,
    ),
    check(
      'nfts_leader',
      sql`(${t.currentBid} is null) = (${t.leaderId} is null) and (${t.currentBid} is null) = (${t.leadingBidId} is null)`,
    ),
    check('nfts_sold', sql`(${t.status} = 'sold') = (${t.ownerId} is not null and ${t.soldPrice} is not null)`),
  ],
);

/**
 * A bid (SPEC §3): `leading` while it is the auction's top bid and its amount is held; `outbid` once a
 * higher bid (or a buy-now) released it; `won` when the auction closed on it. A bidder's number in the
 * auction is the order of their first bid there (shown instead of who they are).
 */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nftId: integer('nft_id')
      .notNull()
      .references(() => nfts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bidder: integer('bidder').notNull(),
    amount: exact('amount').notNull(),
    /** leading | outbid | won */
    status: text('status').notNull().default('leading'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_bids_nft_idx').on(t.nftId, t.id),
    index('nft_bids_user_idx').on(t.userId, t.nftId),
    // One leading bid per auction: two bids that both think they lead cannot both commit.
    uniqueIndex('nft_bids_leading_idx')
      .on(t.nftId)
      .where(sql`${t.status} = 'leading'`),
    check('nft_bids_status', sql`${t.status} in ('leading', 'outbid', 'won')`),
    check('nft_bids_amount', sql`${t.amount} > 0`),
  ],
);
