import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A withdrawal address a customer linked with their own wallet (SPEC §3 Wallet link, §5.5a, §5.6): usable
 * from `usable_at` (the 24-hour hold; the e-mailed cancel link ends it at any time), while its signed USDT
 * authorization stands (`auth_*`; revoking it clears them and sets `auth_revoked_at`). An address is
 * linked once per customer and chain while not cancelled.
 */
export const walletLinks = pgTable(
  'wallet_links',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain').notNull(),
    /** As the wallet writes it (EIP-55 checksummed on Ethereum, base58 on Tron). */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the cancel link's token (the token itself is only in the e-mail). */
    cancelTokenHash: text('cancel_token_hash').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The signed statement, its signature and its time, while the authorization stands. */
    authMessage: text('auth_message'),
    authSignature: text('auth_signature'),
    authSignedAt: timestamp('auth_signed_at', { withTimezone: true }),
    authRevokedAt: timestamp('auth_revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_links_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_links_address_idx')
      .on(t.userId, t.chain, sql`lower(${t.address})`)
      .where(sql`${t.cancelledAt} is null`),
    uniqueIndex('wallet_links_cancel_token_idx').on(t.cancelTokenHash),
  ],
);

/** Single-use nonces of the USDT authorization message, bound to the customer who asked (5 minutes). */
export const authorizationNonces = pgTable('authorization_nonces', {
  nonce: text('nonce').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  chain: text('chain').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A withdrawal (SPEC §3, §5.5): the amount held at request (`withdrawal_hold`), the fee and the amount
 * received fixed then. `status` follows its review (kind `withdrawal`, subject = this id): pending →
 * approved → paid (payout hash) → failed, or rejected; the hold reconciler reads it (held while pending
 * or approved).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    linkId: integer('link_id')
      .notNull()
      .references(() => walletLinks.id),
    amount: exact('amount').notNull(),
    fee: exact('fee').notNull(),
    received: exact('received').notNull(),
    status: text('status').notNull().default('pending'),
    payoutHash: text('payout_hash'),
    /** The operator who recorded the payout: a failed payout is marked by another (SPEC §0 rule 9). */
    paidById: uuid('paid_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    // One on-chain payout pays one withdrawal.
    uniqueIndex('withdrawals_payout_hash_idx')
      .on(sql`lower(${t.payoutHash})`)
      .where(sql`${t.payoutHash} is not null`),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.received} > 0 and ${t.amount} = ${t.fee} + ${t.received}`),
    check('withdrawals_status', sql`${t.status} in ('pending', 'approved', 'rejected', 'paid', 'failed')`),
  ],
);
