import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS_CODES } from '@meridian/contracts';
import { kycEndpoints as kyc } from '@meridian/contracts/endpoints/kyc';
import type { Database } from '../../db/database.ts';
import type { Identification } from '../../kyc/kyc.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';
import { sendImage } from '../../uploads/image-answer.ts';

/** Identity verification (issue 26): handlers only call into kyc/. */
export const kycRoutes: FastifyPluginAsync<{ db: Database; identification: Identification }> = async (app, { db, identification }) => {
  app.addHook('onRequest', userGuard(db));

  route(app, kyc.identification, async (request) => ({
    ...ok(await identification.submit(authOf(request).userId, request.body)),
    code: SUCCESS_CODES.submittedForReview,
  }));

  route(app, kyc.getIdentification, async (request) => ok(await identification.status(authOf(request).userId)));

  // The owner's own images only (another's answer 404 whatever the id): decrypted, never cached by a proxy.
  route(app, kyc.identificationImage, async (request, reply) => {
    const image = await identification.image(authOf(request).userId, request.params.image);
    if (!image) throw new ApiFailure('404', 'image not found', 404);
    return sendImage(reply, `kyc-${request.params.image}`, image, 'private, no-store');
  });
};
