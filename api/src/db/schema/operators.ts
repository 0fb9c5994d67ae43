import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * An operator of the back-office: separate from customers (own table, own sessions). Signs in with
 * email + password (argon2id) + a TOTP code; `totpLastStep` is the last 30-second step a code was
 * accepted for, so a code cannot be used twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey(),
    /** Null only for the first admin before set-up (they name their own email). */
    email: text('email'),
    name: text('name').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** invited → active → deactivated. */
    status: text('status').notNull().default('invited'),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`)],
);

/** A one-time set-up link (password + TOTP enrolment): only its SHA-256 is kept. */
export const operatorSetupLinks = pgTable('operator_setup_links', {
  hash: text('hash').primaryKey(),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An operator's session: a bearer token (SHA-256 kept), 30 minutes idle, 8 hours at most. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    hash: text('hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * The one review mechanism (SPEC §0 rule 4): an item of some kind (support conversation, KYC,
 * deposit, withdrawal, loan, correction) waiting for an operator's decision. `subjectId` names the
 * business object (a ticket id, a deposit id …); `payload` carries what the decision needs.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    state: text('state').notNull().default('pending'),
    userId: uuid('user_id'),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    assigneeId: uuid('assignee_id'),
    proposedById: uuid('proposed_by_id'),
    decidedById: uuid('decided_by_id'),
    reasonCode: text('reason_code'),
    note: text('note'),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_subject_idx').on(t.kind, t.subjectId),
    index('reviews_queue_idx').on(t.kind, t.state, t.enqueuedAt),
    index('reviews_user_idx').on(t.userId),
  ],
);

/**
 * Every operator action: who, when, what, before/after, from which address. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE, and no route writes anything but inserts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: uuid('operator_id'),
    /** The operator's email at the time (or `break-glass`, `system`). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);

/** Operators' notes on a customer (read by operators only). */
export const userNotes = pgTable(
  'user_notes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    operatorId: uuid('operator_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.id)],
);
