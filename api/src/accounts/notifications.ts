import type { Database } from '../db/database.ts';
import { notifications } from '../db/schema.ts';

export type NotificationKind = 'welcome' | 'newDevice' | 'passwordChanged' | 'passwordReset';

/** Records a notification for its owner; the client words it by kind in the reader's language. */
export async function notify(db: Database, userId: string, kind: NotificationKind, params: Record<string, string> = {}): Promise<void> {
  await db.insert(notifications).values({ userId, kind, params });
}
