import { integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
