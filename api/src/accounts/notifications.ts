import type { NOTIFICATION_KINDS } from '@meridian/contracts';
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
