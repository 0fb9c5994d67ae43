import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { users, watchlist } from '../db/schema.ts';

/** The most instruments one watchlist holds. */
export const WATCHLIST_MAX = 200;

/** A user's watched instrument ids, oldest first. */
export async function listWatchlist(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: watchlist.instrumentId })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.createdAt), asc(watchlist.instrumentId));
  return rows.map((r) => r.id);
}

/**
 * Adds an instrument (known to exist) to a user's watchlist; false when the list is full. The user's row
 * is locked while counting, so two adds at once cannot take a full list past its limit.
 */
export async function addToWatchlist(db: Database, userId: string, instrumentId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({ n: count(), has: sql<boolean>`bool_or(${watchlist.instrumentId} = ${instrumentId})` })
      .from(watchlist)
      .where(eq(watchlist.userId, userId));
    if (row?.has) return true;
    if ((row?.n ?? 0) >= WATCHLIST_MAX) return false;
    await tx.insert(watchlist).values({ userId, instrumentId }).onConflictDoNothing();
    return true;
  });
}

export async function removeFromWatchlist(db: Database, userId: string, instrumentId: number): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.instrumentId, instrumentId)));
}
