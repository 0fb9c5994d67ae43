import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, listTicketsResult, operatorReplyBody, ticketIdParams, ticketView } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { supportMessages, supportTickets } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { operatorGuard } from '../../plugins/operator-auth.ts';
import { findTicket, loadTicketView } from '../support/support-queries.ts';

/** Operators' side of the support conversations: list, read, answer. */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ db: Database; operatorToken: string | undefined }> = async (
  app,
  { db, operatorToken },
) => {
  app.addHook('onRequest', operatorGuard(operatorToken));

  app.get('/tickets', { schema: { tags: ['admin'], response: { 200: envelope(listTicketsResult) } } }, async () => {
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
  });

  app.get(
    '/tickets/:id',
    { schema: { tags: ['admin'], params: ticketIdParams, response: { 200: envelope(ticketView) } } },
    async (request) => {
      const row = await findTicket(db, request.params.id);
      if (!row) throw new ApiFailure('404', 'conversation not found', 404);
      return ok(await loadTicketView(db, row));
    },
  );

  app.post(
    '/tickets/:id/reply',
    { schema: { tags: ['admin'], params: ticketIdParams, body: operatorReplyBody, response: { 200: envelope(ticketView) } } },
    async (request) => {
      const row = await findTicket(db, request.params.id);
      if (!row) throw new ApiFailure('404', 'conversation not found', 404);
      await db.transaction(async (tx) => {
        await tx.insert(supportMessages).values({ ticketId: row.id, author: 'operator', body: request.body.message });
        await tx.update(supportTickets).set({ status: 'answered', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
      });
      request.log.info({ ticket: row.id }, 'operator replied');
      return ok(await loadTicketView(db, { ...row, status: 'answered' }));
    },
  );
};
