import { index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';

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
