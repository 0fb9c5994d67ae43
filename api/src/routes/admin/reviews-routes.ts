import type { FastifyPluginAsync } from 'fastify';
import { MONEY_CODES, REVIEW_DECIDERS } from '@meridian/contracts';
import { reviewsEndpoints as reviewsApi } from '@meridian/contracts/endpoints/reviews';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@meridian/contracts/schemas';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { Corrections } from '../../reviews/corrections.ts';
import { readableKinds } from '../../reviews/reviews.ts';
import type { ReviewService } from '../../reviews/reviews.ts';
import { sendImage } from '../../uploads/image-answer.ts';
import { findUpload } from '../../uploads/uploads.ts';
import type { ImageSealer } from '../../uploads/sealed-images.ts';

/**
 * The review queues: an operator reads the kinds their roles read (an item of another kind answers
 * 404) and takes, decides and steps the kinds they decide; a correction is proposed here and decided
 * by a second operator like any item.
 */
export const reviewsRoutes: FastifyPluginAsync<{ reviews: ReviewService; corrections: Corrections; sealer: ImageSealer }> = async (
  app,
  { reviews, corrections, sealer },
) => {
  route(app, reviewsApi.listReviews, async (request) => ok(await reviews.list(readableKinds(operatorOf(request).roles), request.query)));

  route(app, reviewsApi.getReview, async (request) => ok(await reviews.readable(request.params.id, operatorOf(request).roles)));

  // An image the item names (a deposit's proof, identity photos, a signature): evidence to look at, never a
  // document to run. A sealed one (identity photos, signatures) opens only for the kind's deciders (the
  // reviewer), not for every reader of its queue.
  route(app, reviewsApi.getReviewImage, async (request, reply) => {
    const me = operatorOf(request);
    const item = await reviews.readable(request.params.id, me.roles);
    const uploadId = item.payload[request.params.key];
    const decider = !me.breakGlass && REVIEW_DECIDERS[item.kind].some((role) => me.roles.includes(role));
    const image = uploadId ? await findUpload(reviews.database, uploadId, decider ? sealer : undefined) : null;
    if (!uploadId || !image) throw new ApiFailure('404', 'image not found', 404);
    return sendImage(reply, uploadId, image, 'private, no-store');
  });

  // The document an item is decided on (a loan's signed agreement PDF), the same bytes the customer has. It
  // carries the drawn signature and the address: like the sealed images, for the kind's deciders only.
  route(app, reviewsApi.getReviewDocument, async (request, reply) => {
    const me = operatorOf(request);
    const item = await reviews.readable(request.params.id, me.roles);
    const decider = !me.breakGlass && REVIEW_DECIDERS[item.kind].some((role) => me.roles.includes(role));
    const document = decider ? await reviews.document(item) : null;
    if (!document) throw new ApiFailure('404', 'document not found', 404);
    return reply
      .type(document.mime)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `inline; filename="${document.filename}"`)
      .send(document.data);
  });

  route(app, reviewsApi.assignReview, async (request) => {
    const me = operatorOf(request);
    await reviews.readable(request.params.id, me.roles);
    return ok(await reviews.assign(me, request.params.id));
  });

  route(app, reviewsApi.decideReview, async (request) => {
    const me = operatorOf(request);
    await reviews.readable(request.params.id, me.roles);
    return ok(await reviews.decide(me, request.params.id, request.body));
  });

  // A step after the decision (paid with its hash, disbursed, failed): guarded in the review service.
  route(app, reviewsApi.stepReview, async (request) => {
    const me = operatorOf(request);
    await reviews.readable(request.params.id, me.roles);
    return ok(await reviews.step(me, request.params.id, request.body));
  });

  route(app, reviewsApi.proposeCorrection, async (request) => {
    const key = String(request.headers[IDEMPOTENCY_HEADER] ?? '');
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiFailure(MONEY_CODES.idempotencyKeyMissing, 'Idempotency-Key required', 400);
    return ok(await corrections.propose(operatorOf(request), request.body, key));
  });
};
