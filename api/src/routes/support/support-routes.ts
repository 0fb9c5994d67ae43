import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { supportEndpoints as support } from '@meridian/contracts/endpoints/support';
import type { TicketAccess } from '@meridian/contracts';
import type { Database } from '../../db/database.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import type { ReviewService } from '../../reviews/reviews.ts';
import { addVisitorMessage, findTicketByKey, findTicketImage, loadTicketView, openTicket } from '../../support/tickets.ts';
import { sendImage } from '../../uploads/image-answer.ts';
import { callerOwners } from '../../uploads/upload-owner.ts';

/** Who may attach an image: nobody, when the message has none (no sign-in look-up then). */
const ownersFor = (db: Database, request: FastifyRequest, imageId: string | undefined) =>
  imageId ? callerOwners(db, request) : Promise.resolve([]);

/**
 * The visitor's side of a support conversation (SPEC §1 customer service, from /kf.html): open it,
 * read it back with its key, add messages. Nobody without the key can read it.
 */
export const supportRoutes: FastifyPluginAsync<{ db: Database; reviews: ReviewService }> = async (app, { db, reviews }) => {
  const authorized = async (access: TicketAccess) => {
    const row = await findTicketByKey(db, access);
    // The same answer for an unknown conversation and a wrong key.
    if (!row) throw new ApiFailure('404', 'conversation not found', 404);
    return row;
  };

  route(
    app,
    support.openTicket,
    async (request) => {
      const { email, message, imageId } = request.body;
      const owners = await ownersFor(db, request, imageId);
      const opened = await openTicket(db, reviews, email, { message, imageId, owners });
      request.log.info({ ticket: opened.ticket }, 'support conversation opened');
      return ok(opened);
    },
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
  );

  route(app, support.getTicket, async (request) => ok(await loadTicketView(db, await authorized(request.query))), {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  });

  route(
    app,
    support.replyTicket,
    async (request) => {
      const { ticket, key, message, imageId } = request.body;
      const row = await authorized({ ticket, key });
      const owners = await ownersFor(db, request, imageId);
      return ok(await addVisitorMessage(db, reviews, row, { message, imageId, owners }));
    },
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
  );

  route(
    app,
    support.supportImage,
    async (request, reply) => {
      const row = await authorized(request.query);
      const image = await findTicketImage(db, row.id, request.params.imageId);
      if (!image) throw new ApiFailure('404', 'image not found', 404);
      return sendImage(reply, request.params.imageId, image, 'private, max-age=3600');
    },
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );
};
