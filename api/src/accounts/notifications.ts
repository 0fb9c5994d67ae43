import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { ListNotificationsResult, NOTIFICATION_KINDS } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { notifications } from '../db/schema.ts';

/** The kinds the contracts list, so every kind the server makes has its words on the client. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Records a notification for its owner; the client words it by kind in the reader's language. Inside a
 * transaction pass it (`tx`), so the notice commits with the change it tells of.
 */
export async function notify(
  db: Database | Transaction,
  userId: string,
  kind: NotificationKind,
  params: Record<string, string> = {},
): Promise<void> {
  await db.insert(notifications).values({ userId, kind, params });
}

/** How many notifications shown to the user at most (the newest). */
const LISTED = 100;

/** The user's newest notifications and how many of all are unread. */
export async function listNotificationsOf(db: Database, userId: string): Promise<ListNotificationsResult> {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(LISTED);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      params: r.params,
      read: r.read,
      createdAt: r.createdAt.toISOString(),
    })),
    unread: await unreadCountOf(db, userId),
  };
}

/** Marks the user's notifications of these ids read (all of them without ids): how many stay unread. */
export async function markNotificationsRead(db: Database, userId: string, ids: readonly number[] | undefined): Promise<number> {
  // Only the owner's rows ever match: the user id is part of every condition.
  const mine = eq(notifications.userId, userId);
  await db
    .update(notifications)
    .set({ read: true })
    .where(ids && ids.length > 0 ? and(mine, inArray(notifications.id, [...ids])) : mine);
  return unreadCountOf(db, userId);
}

async function unreadCountOf(db: Database, userId: string): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return unread?.n ?? 0;
}
