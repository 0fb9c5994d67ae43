import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea, uploads } from './uploads.ts';

/** Exact decimals of the money core: `numeric(38,18)`. */
const exact = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * One identity verification sent by a customer (SPEC §3 KYC, issue 26). Its review (kind `kyc`, subject
 * = this id) carries the decision; the user's `kyc_status` follows it. A failed one stays as it was and a
 * new submission is a new row. The photos and the signature are private uploads, encrypted at rest.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** `YYYY-MM-DD`. */
    birthdate: text('birthdate').notNull(),
    sex: text('sex').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    address: text('address').notNull(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    documentType: text('document_type').notNull(),
    frontId: uuid('front_id')
      .notNull()
      .references(() => uploads.id),
    backId: uuid('back_id').references(() => uploads.id),
    handId: uuid('hand_id')
      .notNull()
      .references(() => uploads.id),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_submissions_user_idx').on(t.userId, t.id)],
);

/**
 * A loan (SPEC §3, §4, ADR 008): the terms the borrower read and signed (fixed for this loan whatever the
 * products become), the borrower as the agreement names them, what is owed now (kept in step with the
 * ledger's `loan_principal` and `loan_interest_due` in the same transactions; the check reconciles them),
 * and how many of its days have accrued interest (the daily job's progress: it posts each day once).
 * A customer has one open loan at a time (`loans_open_idx`).
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** pending | repaying | overdue | repaid | rejected (loan-rules.ts). */
    status: text('status').notNull().default('pending'),
    currency: text('currency').notNull(),
    amount: exact('amount').notNull(),
    termDays: integer('term_days').notNull(),
    dailyRatePercent: numeric('daily_rate_percent', { precision: 10, scale: 4 }).notNull(),
    interestFreeDays: integer('interest_free_days').notNull(),
    totalInterest: exact('total_interest').notNull(),
    repaymentAmount: exact('repayment_amount').notNull(),
    principalDue: exact('principal_due').notNull().default('0'),
    interestDue: exact('interest_due').notNull().default('0'),
    /** Days since the disbursement whose interest (or interest-free day) is booked. */
    accruedDays: integer('accrued_days').notNull().default(0),
    /** The agreement as signed: the borrower's language and the parties' facts, kept so it renders the same bytes again. */
    language: text('language').notNull(),
    borrowerName: text('borrower_name').notNull(),
    borrowerCountry: text('borrower_country').notNull(),
    borrowerAddress: text('borrower_address').notNull(),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => uploads.id),
    agreementSha256: text('agreement_sha256').notNull(),
    /**
     * The agreement as signed, sealed like the signature it embeds (uploads/sealed-images.ts): served as
     * stored, checked against its SHA-256, never rendered again (fonts and libraries may change the bytes).
     */
    agreementPdf: bytea('agreement_pdf').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** Repaid or rejected. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.id),
    uniqueIndex('loans_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'repaying', 'overdue')`),
    index('loans_accruing_idx')
      .on(t.id)
      .where(sql`${t.status} in ('repaying', 'overdue')`),
    check('loans_amount_positive', sql`${t.amount} > 0`),
    check('loans_due_not_negative', sql`${t.principalDue} >= 0 and ${t.interestDue} >= 0`),
    check('loans_status_known', sql`${t.status} in ('pending', 'repaying', 'overdue', 'repaid', 'rejected')`),
  ],
);
