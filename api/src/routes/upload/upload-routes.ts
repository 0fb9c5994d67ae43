import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_LIMITS } from '@meridian/contracts';
import { uploadsEndpoints as uploads } from '@meridian/contracts/endpoints/uploads';
import type { Database } from '../../db/database.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { ImageRefused, sanitizeImage } from '../../uploads/image-sanitize.ts';
import { uploadOwner } from '../../uploads/upload-owner.ts';
import { storeUpload } from '../../uploads/uploads.ts';
import type { ImageSealer } from '../../uploads/sealed-images.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

/** Uploads one caller (a signed-in user, or one visitor's browser) may make, from any address. */
export const UPLOADS_PER_CALLER = { max: 20, timeWindow: 10 * 60_000 } as const;
/** Uploads from one address, whoever makes them. */
const UPLOADS_PER_ADDRESS = { max: 20, timeWindow: 10 * 60_000 } as const;

/**
 * `POST upload/image` (multipart, one file; the declaration has no body schema, the multipart parser
 * reads it): stored in the database, out of the web root. The type is read from the bytes; anything
 * above 2 MB is refused before it is stored. What is stored is the image decoded within bounded
 * dimensions and encoded afresh without metadata (uploads/image-sanitize.ts), with the caller it
 * belongs to (uploads/upload-owner.ts): only that caller can attach it to a message. Uploads nobody
 * attached within a day are deleted by the clean-up job (jobs/clean-ups.ts).
 */
export const uploadRoutes: FastifyPluginAsync<{ db: Database; sealer: ImageSealer }> = async (app, { db, sealer }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_LIMITS.serverMaxBytes, fields: 0, parts: 1 } });
  const owners = new WeakMap<FastifyRequest, string>();
  const perCaller = app.createRateLimit({
    ...UPLOADS_PER_CALLER,
    keyGenerator: (request) => `upload-owner:${owners.get(request) ?? request.ip}`,
  });
  /** Reads the one file part, sanitizes it, stores it (sealed for a private upload) under its owner. */
  const receive = async (request: FastifyRequest, owner: string, sealed: boolean) => {
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
    return ok(await storeUpload(db, image, owner, sealed ? sealer : undefined));
  };
  route(app, uploads.uploadImage, async (request, reply) => receive(request, await uploadOwner(db, request, reply), false), {
    config: { rateLimit: UPLOADS_PER_ADDRESS },
  });
  // Identity photos and drawn signatures: signed-in customers only, encrypted at rest (issue 26).
  await app.register(async (scope) => {
    scope.addHook('onRequest', userGuard(db));
    route(scope, uploads.uploadPrivateImage, async (request) => receive(request, `user:${authOf(request).userId}`, true), {
      config: { rateLimit: UPLOADS_PER_ADDRESS },
    });
  });
};
