import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, notExists } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { envelope, uploadResult } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { supportMessages, uploads } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { IMAGE_LIMITS, sniffImage } from '@meridian/contracts';

/** An upload no message took within a day is deleted (the picker uploads just before sending). */
const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * `POST upload/image` (multipart, one file): stored in the database, out of the web root. The type is
 * read from the bytes; anything above 2 MB is refused before it is stored. Each upload clears away
 * the uploads nobody attached within a day, so abandoned files do not pile up.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_LIMITS.serverMaxBytes, fields: 0, parts: 1 } });
  app.post(
    '/image',
    {
      schema: { tags: ['upload'], consumes: ['multipart/form-data'], response: { 200: envelope(uploadResult) } },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const file = await request.file().catch(() => undefined);
      if (!file) throw new ApiFailure('400', 'validation.uploadRequired', 400);
      const data = await file.toBuffer().catch(() => null);
      if (!data || file.file.truncated) throw new ApiFailure('400', 'validation.imageTooLarge', 400);
      const mime = sniffImage(data);
      if (!mime) throw new ApiFailure('400', 'validation.imageFormat', 400);
      const id = randomUUID();
      // Best effort: an upload still named by a message (say, attached by an older node during a
      // rolling update) is never deleted, and a failed clean-up never fails the upload.
      await db
        .delete(uploads)
        .where(
          and(
            isNull(uploads.attachedAt),
            lt(uploads.createdAt, new Date(Date.now() - UNATTACHED_UPLOAD_LIFETIME_MS)),
            notExists(db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.imageId, uploads.id))),
          ),
        )
        .catch((error: unknown) => request.log.warn({ err: error }, 'upload clean-up failed'));
      await db.insert(uploads).values({ id, mime, size: data.length, data });
      return ok({ id, mime, size: data.length });
    },
  );
};
