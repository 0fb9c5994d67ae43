import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Binary column (Postgres bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Content pages (SPEC §3): bodies are sanitized HTML, per content language id (1 zh, 2 others). */
export const contents = pgTable('contents', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  type: smallint('type').notNull(),
  languageId: smallint('language_id').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator settings (SPEC §5.9); every change to a row is audited by the back-office. */
export const settings = pgTable(
  'settings',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_key_idx').on(t.key)],
);

/** FAQ entries (help centre), grouped by category, per content language id. Answers are sanitized HTML. */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  languageId: smallint('language_id').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notices (new features, changes), newest first, per content language id. Bodies are sanitized HTML. */
export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  languageId: smallint('language_id').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** Images uploaded by users, kept out of the web root; recognised by content, at most 2 MB. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a message takes the image: an upload is attached once, so nobody can reuse another's. */
  attachedAt: timestamp('attached_at', { withTimezone: true }),
  /**
   * Who uploaded it (issue 14): `user:<id>` or `visitor:<sha256 of the visitor cookie>`. Only the same
   * caller can attach it; null (older rows) is attachable by nobody.
   */
  uploadedBy: text('uploaded_by'),
});

/** A support conversation opened from /kf.html; the visitor reads it with a secret key (only its hash is kept). */
export const supportTickets = pgTable('support_tickets', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  keyHash: text('key_hash').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    body: text('body').notNull(),
    imageId: uuid('image_id').references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.id)],
);

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

export * from './schema/money.ts';
export * from './schema/operators.ts';
export * from './schema/jobs.ts';
