import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { userChanged } from './user-changes.ts';

/** A reset with a mailed code: the new password, and every session of the user ends with it. */
export async function resetPasswordOf(db: Database, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // Whoever knew the old password loses access on every device.
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, userId));
    await userChanged(userId);
  });
}

/** A change by the signed-in user: the new password; the user's other sessions end, this one stays. */
export async function changePasswordOf(db: Database, userId: string, password: string, currentSessionId: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt)));
    await userChanged(userId);
  });
}
