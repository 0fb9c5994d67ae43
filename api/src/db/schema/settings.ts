import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
