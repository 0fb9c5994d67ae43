import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { uploads } from './uploads.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A customer's deposit (SPEC §5.3): what they say they sent, on which network, and the proof. Its review
 * (kind `deposit`, subject = this id) carries the state; an approval credits the currency once (the
 * `deposit_credit` transfer, unique per deposit in the ledger). A transaction hash is claimed by one
 * deposit of a chain at a time (USDT on ERC-20 and ETH share Ethereum's): a rejected one (`rejected_at`)
 * frees it for a corrected request.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    /** The chain the network runs on (ERC-20 and Ethereum are both `ethereum`): one on-chain transaction is one deposit. */
    chain: text('chain').notNull(),
    amount: exact('amount').notNull(),
    /** As the explorer writes it; compared without case. */
    txHash: text('tx_hash').notNull(),
    last6: text('last6').notNull(),
    proofId: uuid('proof_id')
      .notNull()
      .references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.id),
    uniqueIndex('deposits_tx_hash_idx')
      .on(t.chain, sql`lower(${t.txHash})`)
      .where(sql`${t.rejectedAt} is null`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);
