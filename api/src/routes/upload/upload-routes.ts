import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { envelope, uploadResult } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { uploads } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { IMAGE_LIMITS, sniffImage } from '@meridian/contracts';

/**
 * `POST upload/image` (multipart, one file): stored in the database, out of the web root. The type is
 * read from the bytes; anything above 2 MB is refused before it is stored. Uploads nobody attached
 * within a day are deleted by the clean-up job (jobs/clean-ups.ts).
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
      await db.insert(uploads).values({ id, mime, size: data.length, data });
      return ok({ id, mime, size: data.length });
    },
  );
};
