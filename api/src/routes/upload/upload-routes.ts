import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { envelope, uploadResult } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { uploads } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { IMAGE_LIMITS } from '@meridian/contracts';
import { ImageRefused, sanitizeImage } from './image-sanitize.ts';
import { uploadOwner } from './upload-owner.ts';

/** Uploads one caller (a signed-in user, or one visitor's browser) may make, from any address. */
export const UPLOADS_PER_CALLER = { max: 20, timeWindow: 10 * 60_000 } as const;
/** Uploads from one address, whoever makes them. */
export const UPLOADS_PER_ADDRESS = { max: 20, timeWindow: 10 * 60_000 } as const;

/**
 * `POST upload/image` (multipart, one file): stored in the database, out of the web root. The type is
 * read from the bytes; anything above 2 MB is refused before it is stored. What is stored is the image
 * decoded within bounded dimensions and encoded afresh without metadata (image-sanitize.ts), with the
 * caller it belongs to (upload-owner.ts): only that caller can attach it to a message. Uploads nobody
 * attached within a day are deleted by the clean-up job (jobs/clean-ups.ts).
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_LIMITS.serverMaxBytes, fields: 0, parts: 1 } });
  const owners = new WeakMap<FastifyRequest, string>();
  const perCaller = app.createRateLimit({
    ...UPLOADS_PER_CALLER,
    keyGenerator: (request) => `upload-owner:${owners.get(request) ?? request.ip}`,
  });
  app.post(
    '/image',
    {
      schema: { tags: ['upload'], consumes: ['multipart/form-data'], response: { 200: envelope(uploadResult) } },
      config: { rateLimit: UPLOADS_PER_ADDRESS },
    },
    async (request, reply) => {
      const owner = await uploadOwner(db, request, reply);
      owners.set(request, owner);
      const limit = await perCaller(request);
      if (!limit.isAllowed && limit.isExceeded) throw new ApiFailure('429', 'too many requests', 429, limit.ttlInSeconds);
      const file = await request.file().catch(() => undefined);
      if (!file) throw new ApiFailure('400', 'validation.uploadRequired', 400);
      const data = await file.toBuffer().catch(() => null);
      if (!data || file.file.truncated) throw new ApiFailure('400', 'validation.imageTooLarge', 400);
      const image = await sanitizeImage(data).catch((error: unknown) => {
        if (error instanceof ImageRefused) throw new ApiFailure('400', error.key, 400);
        throw error;
      });
      const id = randomUUID();
      await db.insert(uploads).values({ id, mime: image.mime, size: image.data.length, data: image.data, uploadedBy: owner });
      return ok({ id, mime: image.mime, size: image.data.length });
    },
  );
};
