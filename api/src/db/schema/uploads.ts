import { boolean, customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Binary column (Postgres bytea) as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
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
  /**
   * Identity photos and drawn signatures (issue 26) are stored encrypted (AES-256-GCM under the upload key,
   * uploads/sealed-images.ts): `data` is then nonce ‖ ciphertext ‖ tag, unreadable as an image without the key.
   */
  sealed: boolean('sealed').notNull().default(false),
});
