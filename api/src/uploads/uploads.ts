import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UploadResult } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { uploads } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { CleanImage } from './image-sanitize.ts';

/** Stores a sanitized image under the caller it belongs to (upload-owner.ts), not yet attached to anything. */
export async function storeUpload(db: Database, image: CleanImage, owner: string): Promise<UploadResult> {
  const id = randomUUID();
  await db.insert(uploads).values({ id, mime: image.mime, size: image.data.length, data: image.data, uploadedBy: owner });
  return { id, mime: image.mime, size: image.data.length };
}

/**
 * Takes an upload for the message being written, in its transaction. An upload is attached once, and
 * only by the caller who uploaded it (upload-owner.ts): an id that is unknown, someone else's, or
 * already in a message (a second send) gets the same refusal, and the transaction writes nothing.
 */
export async function claimUpload(tx: Transaction, imageId: string | undefined, owners: string[]): Promise<void> {
  if (!imageId) return;
  // The row lock makes concurrent sends of one upload wait; the second then sees it taken.
  const [row] = await tx
    .select({ attachedAt: uploads.attachedAt, uploadedBy: uploads.uploadedBy })
    .from(uploads)
    .where(eq(uploads.id, imageId))
    .for('update');
  if (!row || row.attachedAt || !row.uploadedBy || !owners.includes(row.uploadedBy)) {
    throw new ApiFailure('400', 'validation.uploadRequired', 400);
  }
  await tx.update(uploads).set({ attachedAt: new Date() }).where(eq(uploads.id, imageId));
}

/** An upload's stored bytes and type (the caller decides who may read it). */
export async function findUpload(db: Database, id: string): Promise<{ mime: string; data: Buffer } | null> {
  const [row] = await db.select({ mime: uploads.mime, data: uploads.data }).from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}
