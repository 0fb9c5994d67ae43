import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { REVIEW_LIMIT_HOURS } from '@meridian/contracts';
import type { TicketAccess, TicketView } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { reviews, supportMessages, supportTickets, uploads } from '../db/schema.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import { claimUpload } from '../uploads/uploads.ts';
import { hashTicketKey, newTicketKey, ticketKeyMatches } from './ticket-keys.ts';

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

/** A conversation by its id, for the operators (the visitor's side reads it with its key: `findTicketByKey`). */
export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** The conversation the visitor's key opens; undefined alike for an unknown conversation and a wrong key. */
export async function findTicketByKey(db: Database, access: TicketAccess): Promise<TicketRow | undefined> {
  const row = await findTicket(db, access.ticket);
  return row && ticketKeyMatches(access.key, row.keyHash) ? row : undefined;
}

/** A visitor's message: its text, and the id of an upload of theirs to attach (`owners`: who they prove to be). */
interface VisitorMessage {
  message: string;
  imageId?: string | undefined;
  owners: string[];
}

/**
 * Opens a conversation with its first message, in one transaction that also takes the attached upload
 * and puts the conversation in the support queue; answers its id and key (only the key's hash is kept).
 */
export async function openTicket(
  db: Database,
  queue: ReviewService,
  email: string,
  { message, imageId, owners }: VisitorMessage,
): Promise<TicketAccess> {
  const id = randomUUID();
  const key = newTicketKey();
  await db.transaction(async (tx) => {
    await claimUpload(tx, imageId, owners);
    await tx.insert(supportTickets).values({ id, email, keyHash: hashTicketKey(key) });
    await tx.insert(supportMessages).values({ ticketId: id, author: 'visitor', body: message, imageId: imageId ?? null });
    await queue.enqueue(tx, { kind: 'support', subjectId: id, payload: { email } });
  });
  return { ticket: id, key };
}

/** Adds the visitor's message to a conversation, which opens again and waits for an operator once more. */
export async function addVisitorMessage(
  db: Database,
  queue: ReviewService,
  ticket: TicketRow,
  { message, imageId, owners }: VisitorMessage,
): Promise<TicketView> {
  await db.transaction(async (tx) => {
    await claimUpload(tx, imageId, owners);
    await tx.insert(supportMessages).values({ ticketId: ticket.id, author: 'visitor', body: message, imageId: imageId ?? null });
    await tx.update(supportTickets).set({ status: 'open', updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    await queue.enqueue(tx, { kind: 'support', subjectId: ticket.id, payload: { email: ticket.email } }, { reopen: true });
  });
  return loadTicketView(db, { ...ticket, status: 'open' });
}

/** The image of a message in the conversation, or undefined (an upload of another conversation included). */
export async function findTicketImage(
  db: Database,
  ticketId: string,
  imageId: string,
): Promise<{ mime: string; data: Buffer } | undefined> {
  const [image] = await db
    .select({ mime: uploads.mime, data: uploads.data })
    .from(uploads)
    .innerJoin(supportMessages, eq(supportMessages.imageId, uploads.id))
    .where(and(eq(uploads.id, imageId), eq(supportMessages.ticketId, ticketId)));
  return image;
}
