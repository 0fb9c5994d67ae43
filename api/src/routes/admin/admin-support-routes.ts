import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REVIEW_REASONS } from '@meridian/contracts';
import { envelope, listTicketsResult, operatorReplyBody, ticketIdParams, ticketView } from '@meridian/contracts/schemas';
import { audit } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { supportMessages, supportTickets, uploads } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { ReviewService } from '../../reviews/reviews.ts';
import { findTicket, loadTicketView } from '../../support/tickets.ts';
import { sendImage } from '../../uploads/image-answer.ts';

const closeTicketBody = z.object({ reasonCode: z.enum(REVIEW_REASONS.support).default('resolved') });

/**
 * Operators' side of the support conversations, on the review mechanism: a conversation waits in the
 * support queue (pending); an answer decides it `approved` (reason `answered`); the visitor writing
 * again puts it back to pending; closing completes it with a reason.
 */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ db: Database; reviews: ReviewService }> = async (app, { db, reviews }) => {
  app.get(
    '/tickets',
    { schema: { tags: ['admin'], response: { 200: envelope(listTicketsResult) } }, config: { roles: ['support', 'admin', 'auditor'] } },
    async () => {
      const last = db
        .select({
          ticketId: supportMessages.ticketId,
          count: sql<number>`count(*)::int`.as('count'),
          lastId: sql<number>`max(${supportMessages.id})`.as('last_id'),
        })
        .from(supportMessages)
        .groupBy(supportMessages.ticketId)
        .as('last');
      const rows = await db
        .select({ ticket: supportTickets, count: last.count, lastMessage: supportMessages.body })
        .from(supportTickets)
        .innerJoin(last, eq(last.ticketId, supportTickets.id))
        .innerJoin(supportMessages, eq(supportMessages.id, last.lastId))
        .orderBy(desc(supportTickets.updatedAt))
        .limit(200);
      return ok(
        rows.map((r) => ({
          id: r.ticket.id,
          email: r.ticket.email,
          status: r.ticket.status as 'open' | 'answered' | 'closed',
          createdAt: r.ticket.createdAt.toISOString(),
          updatedAt: r.ticket.updatedAt.toISOString(),
          lastMessage: r.lastMessage.slice(0, 200),
          messageCount: r.count,
        })),
      );
    },
  );

  app.get(
    '/tickets/:id',
    {
      schema: { tags: ['admin'], params: ticketIdParams, response: { 200: envelope(ticketView) } },
      config: { roles: ['support', 'admin', 'auditor'] },
    },
    async (request) => {
      const row = await findTicket(db, request.params.id);
      if (!row) throw new ApiFailure('404', 'conversation not found', 404);
      return ok(await loadTicketView(db, row));
    },
  );

  app.post(
    '/tickets/:id/reply',
    {
      schema: { tags: ['admin'], params: ticketIdParams, body: operatorReplyBody, response: { 200: envelope(ticketView) } },
      config: { roles: ['support'] },
    },
    async (request) => {
      const actor = operatorOf(request);
      const row = await findTicket(db, request.params.id);
      if (!row) throw new ApiFailure('404', 'conversation not found', 404);
      await db.transaction(async (tx) => {
        await tx.insert(supportMessages).values({ ticketId: row.id, author: 'operator', body: request.body.message });
        await tx.update(supportTickets).set({ status: 'answered', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
        const review = await reviews.enqueue(tx, { kind: 'support', subjectId: row.id, payload: { email: row.email } });
        if (review.state === 'pending') await reviews.setState(tx, review, 'approved', actor, 'answered');
        await audit(
          tx,
          actor,
          'support.reply',
          { kind: 'support', id: row.id },
          { status: row.status },
          { status: 'answered', message: request.body.message },
        );
      });
      return ok(await loadTicketView(db, { ...row, status: 'answered' }));
    },
  );

  app.post(
    '/tickets/:id/close',
    {
      schema: { tags: ['admin'], params: ticketIdParams, body: closeTicketBody, response: { 200: envelope(ticketView) } },
      config: { roles: ['support'] },
    },
    async (request) => {
      const actor = operatorOf(request);
      const row = await findTicket(db, request.params.id);
      if (!row) throw new ApiFailure('404', 'conversation not found', 404);
      await db.transaction(async (tx) => {
        await tx.update(supportTickets).set({ status: 'closed', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
        const review = await reviews.enqueue(tx, { kind: 'support', subjectId: row.id, payload: { email: row.email } });
        await reviews.setState(tx, review, 'completed', actor, request.body.reasonCode);
        await audit(
          tx,
          actor,
          'support.close',
          { kind: 'support', id: row.id },
          { status: row.status },
          { status: 'closed', reasonCode: request.body.reasonCode },
        );
      });
      return ok(await loadTicketView(db, { ...row, status: 'closed' }));
    },
  );

  app.get(
    '/tickets/:id/image/:imageId',
    {
      schema: { tags: ['admin'], params: ticketIdParams.extend({ imageId: z.uuid() }) },
      config: { roles: ['support', 'admin', 'auditor'] },
    },
    async (request, reply) => {
      const [image] = await db
        .select({ mime: uploads.mime, data: uploads.data })
        .from(uploads)
        .innerJoin(supportMessages, eq(supportMessages.imageId, uploads.id))
        .where(and(eq(uploads.id, request.params.imageId), eq(supportMessages.ticketId, request.params.id)));
      if (!image) throw new ApiFailure('404', 'image not found', 404);
      // An image is evidence to look at, never a document to run: private, no sniffing, sandboxed.
      return sendImage(reply, request.params.imageId, image, 'private, no-store');
    },
  );
};
