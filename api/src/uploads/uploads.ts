import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UploadResult } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { uploads } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { CleanImage } from './image-sanitize.ts';
import type { ImageSealer } from './sealed-images.ts';

/**
 * Stores a sanitized image under the caller it belongs to (upload-owner.ts), not yet attached to anything;
 * sealed (encrypted at rest) when a sealer is given: identity photos and signatures.
 */
export async function storeUpload(db: Database, image: CleanImage, owner: string, sealer?: ImageSealer): Promise<UploadResult> {
  const id = randomUUID();
  const data = sealer ? sealer.seal(image.data) : image.data;
  await db.insert(uploads).values({ id, mime: image.mime, size: image.data.length, data, uploadedBy: owner, sealed: Boolean(sealer) });
  return { id, mime: image.mime, size: image.data.length };
}

/**
 * Takes an upload for the message being written, in its transaction. An upload is attached once, and
 * only by the caller who uploaded it (upload-owner.ts): an id that is unknown, someone else's, or
 * already in a message (a second send) gets the same refusal, and the transaction writes nothing.
 */
export async function claimUpload(
  tx: Transaction,
  imageId: string | undefined,
  owners: string[],
  options: { sealed?: boolean; key?: string } = {},
): Promise<void> {
  if (!imageId) return;
  // The row lock makes concurrent sends of one upload wait; the second then sees it taken.
  const [row] = await tx
    .select({ attachedAt: uploads.attachedAt, uploadedBy: uploads.uploadedBy, sealed: uploads.sealed })
    .from(uploads)
    .where(eq(uploads.id, imageId))
    .for('update');
  // An identity photo or a signature must be a private (sealed) upload; a message's image a plain one.
  const wrongKind = row !== undefined && row.sealed !== (options.sealed ?? false);
  if (!row || wrongKind || row.attachedAt || !row.uploadedBy || !owners.includes(row.uploadedBy)) {
    if (options.key) throw new ApiFailure('400', options.key, 400);
    throw new ApiFailure('400', 'validation.uploadRequired', 400);
  }
  await tx.update(uploads).set({ attachedAt: new Date() }).where(eq(uploads.id, imageId));
}

/**
 * An upload's bytes and type (the caller decides who may read it), opened when sealed: without the sealer,
 * or under another key, a sealed upload is not found.
 */
export async function findUpload(
  db: Database | Transaction,
  id: string,
  sealer?: ImageSealer,
): Promise<{ mime: string; data: Buffer; sealed: boolean } | null> {
  const [row] = await db.select({ mime: uploads.mime, data: uploads.data, sealed: uploads.sealed }).from(uploads).where(eq(uploads.id, id));
  if (!row) return null;
  if (!row.sealed) return row;
  const data = sealer?.open(row.data) ?? null;
  return data ? { mime: row.mime, data, sealed: true } : null;
}
