import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { watchlist } from '../db/schema.ts';

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

/** Adds an instrument (known to exist) to a user's watchlist; false when the list is full. */
export async function addToWatchlist(db: Database, userId: string, instrumentId: number): Promise<boolean> {
  const current = await listWatchlist(db, userId);
  if (current.includes(instrumentId)) return true;
  if (current.length >= WATCHLIST_MAX) return false;
  await db.insert(watchlist).values({ userId, instrumentId }).onConflictDoNothing();
  return true;
}

export async function removeFromWatchlist(db: Database, userId: string, instrumentId: number): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.instrumentId, instrumentId)));
}
