import { and, asc, eq } from 'drizzle-orm';
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
