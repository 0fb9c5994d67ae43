import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A person's account (SPEC §3 User). An account has at least one way in: an email with a password
 * (argon2id hash), a wallet address, or a social login (see `social_identities`).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email'),
    areaCode: text('area_code'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    walletChain: text('wallet_chain'),
    walletAddress: text('wallet_address'),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: uuid('invited_by'),
    kycStatus: text('kyc_status').notNull().default('unverified'),
    accountMode: text('account_mode').notNull().default('demo'),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_phone_idx').on(t.areaCode, t.phone),
    uniqueIndex('users_wallet_idx').on(t.walletChain, t.walletAddress),
    uniqueIndex('users_invite_idx').on(t.inviteCode),
  ],
);

/** A login through an OpenID Connect provider: (provider, subject) names one user. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_identities_pk').on(t.provider, t.subject)],
);

/**
 * One account mode of a user (SPEC §3). Its balances live in the ledger (`ledger_accounts`); this row
 * keeps the realized profit figure and is what every money operation of the user and mode locks first
 * (`FOR UPDATE`), so one user's operations queue and different users' do not.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    profit: numeric('profit', { precision: 38, scale: 18 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_user_mode_idx').on(t.userId, t.mode)],
);

/** Emailed 6-digit codes: only a hash is kept; single use, 10 minutes, 5 tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose, t.id)],
);

/**
 * A signed-in device. The access token (≈15 min) and the refresh token (rotated on use) are kept as
 * SHA-256 hashes; the previous refresh hash is kept to detect a stolen token being replayed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_refresh_idx').on(t.refreshHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Access tokens of a session (only their SHA-256). Each renewal adds one and leaves the others to run
 * out (≈15 minutes), so several tabs of one browser each keep a working token; revoking the session
 * ends them all.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_tokens_session_idx').on(t.sessionId)],
);

/** Devices a user has signed in from (a long-lived random cookie); a new one raises a notification. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_pk').on(t.userId, t.deviceId)],
);

/** Single-use wallet-login nonces (5 minutes). */
export const walletNonces = pgTable('wallet_nonces', {
  nonce: text('nonce').primaryKey(),
  chain: text('chain').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An OpenID Connect login in progress: state, PKCE verifier and nonce until the provider returns. */
export const socialLoginFlows = pgTable('social_login_flows', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The sign-in page's language (a first sign-in makes the account in it) and where to go after. */
  language: text('language').notNull().default('en'),
  returnTo: text('return_to').notNull().default('/profile'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Notifications (SPEC §3): the client words them by kind, in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);
