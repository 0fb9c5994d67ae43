import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, openTicketBody, openTicketResult, replyTicketBody, ticketAccess, ticketView } from '@meridian/contracts/schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { supportMessages, supportTickets, uploads } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { hashTicketKey, newTicketKey, ticketKeyMatches } from './ticket-keys.ts';
import { findTicket, loadTicketView, sendImage } from './support-queries.ts';
import { callerOwners } from '../upload/upload-owner.ts';
import type { ReviewService } from '../../reviews/reviews.ts';

/**
 * Takes an upload for the message being written, in its transaction. An upload is attached once, and
 * only by the caller who uploaded it (upload-owner.ts): an id that is unknown, someone else's, or
 * already in a message (a second send) gets the same refusal, and the transaction writes nothing.
 */
async function claimImage(tx: Transaction, imageId: string | undefined, owners: string[]): Promise<void> {
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

/** Who may attach an image: nobody, when the message has none (no sign-in look-up then). */
const ownersFor = (db: Database, request: FastifyRequest, imageId: string | undefined) =>
  imageId ? callerOwners(db, request) : Promise.resolve([]);

/**
 * The visitor's side of a support conversation (SPEC §1 customer service, from /kf.html): open it,
 * read it back with its key, add messages. Nobody without the key can read it.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Database; reviews: ReviewService }> = async (app, { db, reviews }) => {
  const authorized = async (ticket: string, key: string) => {
    const row = await findTicket(db, ticket);
    // The same answer for an unknown conversation and a wrong key.
    if (!row || !ticketKeyMatches(key, row.keyHash)) throw new ApiFailure('404', 'conversation not found', 404);
    return row;
  };

  app.post(
    '/openTicket',
    {
      schema: { tags: ['support'], body: openTicketBody, response: { 200: envelope(openTicketResult) } },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { email, message, imageId } = request.body;
      const id = randomUUID();
      const key = newTicketKey();
      const owners = await ownersFor(db, request, imageId);
      await db.transaction(async (tx) => {
        await claimImage(tx, imageId, owners);
        await tx.insert(supportTickets).values({ id, email, keyHash: hashTicketKey(key) });
        await tx.insert(supportMessages).values({ ticketId: id, author: 'visitor', body: message, imageId: imageId ?? null });
        await reviews.enqueue(tx, { kind: 'support', subjectId: id, payload: { email } });
      });
      request.log.info({ ticket: id }, 'support conversation opened');
      return ok({ ticket: id, key });
    },
  );

  app.get(
    '/getTicket',
    {
      schema: { tags: ['support'], querystring: ticketAccess, response: { 200: envelope(ticketView) } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const row = await authorized(request.query.ticket, request.query.key);
      return ok(await loadTicketView(db, row));
    },
  );

  app.post(
    '/reply',
    {
      schema: { tags: ['support'], body: replyTicketBody, response: { 200: envelope(ticketView) } },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { ticket, key, message, imageId } = request.body;
      const row = await authorized(ticket, key);
      const owners = await ownersFor(db, request, imageId);
      await db.transaction(async (tx) => {
        await claimImage(tx, imageId, owners);
        await tx.insert(supportMessages).values({ ticketId: row.id, author: 'visitor', body: message, imageId: imageId ?? null });
        await tx.update(supportTickets).set({ status: 'open', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
        // The visitor wrote again: the conversation waits for an operator once more.
        await reviews.enqueue(tx, { kind: 'support', subjectId: row.id, payload: { email: row.email } }, { reopen: true });
      });
      return ok(await loadTicketView(db, { ...row, status: 'open' }));
    },
  );

  app.get(
    '/image/:imageId',
    {
      schema: { tags: ['support'], params: z.object({ imageId: z.uuid() }), querystring: ticketAccess },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const row = await authorized(request.query.ticket, request.query.key);
      const [image] = await db
        .select({ mime: uploads.mime, data: uploads.data })
        .from(uploads)
        .innerJoin(supportMessages, eq(supportMessages.imageId, uploads.id))
        .where(and(eq(uploads.id, request.params.imageId), eq(supportMessages.ticketId, row.id)));
      if (!image) throw new ApiFailure('404', 'image not found', 404);
      return sendImage(reply, request.params.imageId, image, 'private, max-age=3600');
    },
  );
};
