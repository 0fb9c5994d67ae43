import { customType, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
