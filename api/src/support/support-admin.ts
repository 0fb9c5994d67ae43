import { desc, eq, sql } from 'drizzle-orm';
import type { ReasonCode, TicketView } from '@meridian/contracts';
import type { z } from 'zod';
import type { listTicketsResult } from '@meridian/contracts/schemas';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { supportMessages, supportTickets } from '../db/schema.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import { findTicket, findTicketImage, loadTicketView } from './tickets.ts';

type TicketRow = typeof supportTickets.$inferSelect;

/**
 * Operators' side of the support conversations, on the review mechanism: a conversation waits in the
 * support queue (pending); an answer decides it `approved` (reason `answered`); the visitor writing
 * again puts it back to pending; closing completes it with a reason.
 */
export class SupportAdmin {
  constructor(
    private readonly db: Database,
    private readonly reviews: ReviewService,
  ) {}

  /** The 200 most recently updated conversations, with their last message. */
  async list(): Promise<z.input<typeof listTicketsResult>> {
    const last = this.db
      .select({
        ticketId: supportMessages.ticketId,
        count: sql<number>`count(*)::int`.as('count'),
        lastId: sql<number>`max(${supportMessages.id})`.as('last_id'),
      })
      .from(supportMessages)
      .groupBy(supportMessages.ticketId)
      .as('last');
    const rows = await this.db
      .select({ ticket: supportTickets, count: last.count, lastMessage: supportMessages.body })
      .from(supportTickets)
      .innerJoin(last, eq(last.ticketId, supportTickets.id))
      .innerJoin(supportMessages, eq(supportMessages.id, last.lastId))
      .orderBy(desc(supportTickets.updatedAt))
      .limit(200);
    return rows.map((r) => ({
      id: r.ticket.id,
      email: r.ticket.email,
      status: r.ticket.status as 'open' | 'answered' | 'closed',
      createdAt: r.ticket.createdAt.toISOString(),
      updatedAt: r.ticket.updatedAt.toISOString(),
      lastMessage: r.lastMessage.slice(0, 200),
      messageCount: r.count,
    }));
  }

  /** One conversation with its messages and its place in the support queue (404 when there is none). */
  async get(id: string): Promise<TicketView> {
    return loadTicketView(this.db, await this.ticket(id));
  }

  /** An operator's answer: the conversation becomes `answered`, its pending queue item is decided (audited). */
  async answer(actor: OperatorIdentity, id: string, message: string): Promise<TicketView> {
    const row = await this.ticket(id);
    await this.db.transaction(async (tx) => {
      await tx.insert(supportMessages).values({ ticketId: row.id, author: 'operator', body: message });
      await tx.update(supportTickets).set({ status: 'answered', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
      const review = await this.reviews.enqueue(tx, { kind: 'support', subjectId: row.id, payload: { email: row.email } });
      if (review.state === 'pending') await this.reviews.setState(tx, review, 'approved', actor, 'answered');
      await audit(tx, actor, 'support.reply', { kind: 'support', id: row.id }, { status: row.status }, { status: 'answered', message });
    });
    return loadTicketView(this.db, { ...row, status: 'answered' });
  }

  /** Closes the conversation with a support reason: its queue item completes (audited). */
  async close(actor: OperatorIdentity, id: string, reasonCode: ReasonCode): Promise<TicketView> {
    const row = await this.ticket(id);
    await this.db.transaction(async (tx) => {
      await tx.update(supportTickets).set({ status: 'closed', updatedAt: new Date() }).where(eq(supportTickets.id, row.id));
      const review = await this.reviews.enqueue(tx, { kind: 'support', subjectId: row.id, payload: { email: row.email } });
      await this.reviews.setState(tx, review, 'completed', actor, reasonCode);
      await audit(tx, actor, 'support.close', { kind: 'support', id: row.id }, { status: row.status }, { status: 'closed', reasonCode });
    });
    return loadTicketView(this.db, { ...row, status: 'closed' });
  }

  /** An image of one of the conversation's messages (404 when it is not one of them). */
  async image(ticketId: string, imageId: string): Promise<{ mime: string; data: Buffer }> {
    const image = await findTicketImage(this.db, ticketId, imageId);
    if (!image) throw new ApiFailure('404', 'image not found', 404);
    return image;
  }

  private async ticket(id: string): Promise<TicketRow> {
    const row = await findTicket(this.db, id);
    if (!row) throw new ApiFailure('404', 'conversation not found', 404);
    return row;
  }
}
