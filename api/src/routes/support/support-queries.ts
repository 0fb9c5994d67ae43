import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { REVIEW_LIMIT_HOURS } from '@meridian/contracts';
import type { TicketView } from '@meridian/contracts';
import type { Database } from '../../db/database.ts';
import { reviews, supportMessages, supportTickets } from '../../db/schema.ts';

type TicketRow = typeof supportTickets.$inferSelect;

/** A conversation with its messages, oldest first, as both the visitor and the operators see it. */
export async function loadTicketView(db: Database, ticket: TicketRow): Promise<TicketView> {
  const messages = await db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticket.id)).orderBy(asc(supportMessages.id));
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.kind, 'support'), eq(reviews.subjectId, ticket.id)));
  const waitedUntil = review?.decidedAt?.getTime() ?? Date.now();
  return {
    id: ticket.id,
    email: ticket.email,
    status: ticket.status as TicketView['status'],
    createdAt: ticket.createdAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author as 'visitor' | 'operator',
      body: m.body,
      imageId: m.imageId,
      createdAt: m.createdAt.toISOString(),
    })),
    review: review
      ? {
          state: review.state as NonNullable<TicketView['review']>['state'],
          reasonCode: review.reasonCode,
          enqueuedAt: review.enqueuedAt.toISOString(),
          decidedAt: review.decidedAt?.toISOString() ?? null,
          waitedSeconds: Math.max(0, Math.floor((waitedUntil - review.enqueuedAt.getTime()) / 1000)),
          limitSeconds: REVIEW_LIMIT_HOURS.support * 3600,
        }
      : null,
  };
}

export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jp2': 'jp2' };

/**
 * An uploaded image as an answer (issue 14), for the visitor and the operators alike: the stored
 * (re-encoded) bytes under their own type, never sniffed, and should the answer be opened as a page
 * rather than drawn in an <img>, a sandboxed document that may load and run nothing.
 */
export function sendImage(reply: FastifyReply, imageId: string, image: { mime: string; data: Buffer }, cacheControl: string): FastifyReply {
  const extension = EXTENSION[image.mime] ?? 'bin';
  return reply
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', `inline; filename="${imageId}.${extension}"`)
    .type(image.mime)
    .send(image.data);
}
