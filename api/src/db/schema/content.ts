import { integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
