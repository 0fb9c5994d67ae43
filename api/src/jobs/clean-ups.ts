import { and, eq, isNull, lt, notExists } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database.ts';
import { idempotencyKeys, socialLoginFlows, supportMessages, uploads, walletNonces } from '../db/schema.ts';
import { cleanExchangeQuotes } from '../funding/flash-exchange.ts';
import { IDEMPOTENCY_TTL_MS } from '../plugins/idempotency.ts';
import type { Scheduler } from './scheduler.ts';
import { withJobLock } from './scheduler.ts';

/** An upload no message took within a day is deleted (the picker uploads just before sending). */
const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Deletes abandoned uploads (never one a message names, say from an older node in a rolling update). */
async function cleanUploads(db: Database | Transaction, now: number): Promise<void> {
  await db
    .delete(uploads)
    .where(
      and(
        isNull(uploads.attachedAt),
        lt(uploads.createdAt, new Date(now - UNATTACHED_UPLOAD_LIFETIME_MS)),
        notExists(db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.imageId, uploads.id))),
      ),
    );
}

/** Forgets idempotency keys older than 24 h. */
async function cleanIdempotencyKeys(db: Database | Transaction, now: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}

/** Forgets wallet sign-in nonces an hour after they expired (each is checked for expiry where it is used). */
export async function cleanWalletNonces(db: Database | Transaction, now: number): Promise<void> {
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(now - 3600_000)));
}

/** Forgets social sign-in flows that expired (the callback refuses an expired one anyway). */
export async function cleanSocialLoginFlows(db: Database | Transaction, now: number): Promise<void> {
  await db.delete(socialLoginFlows).where(lt(socialLoginFlows.expiresAt, new Date(now)));
}

/** The clean-ups, every 10 minutes, on one node at a time (none runs inside a request's handler). */
export function scheduleCleanUps(scheduler: Scheduler, db: Database): void {
  scheduler.every('clean-ups', 10 * 60_000, async () => {
    // Inside the job lock's transaction (one node at a time; PGlite runs one transaction at a time).
    await withJobLock(db, 'clean-ups', async (tx) => {
      const now = scheduler.clock.now();
      await cleanUploads(tx, now);
      await cleanIdempotencyKeys(tx, now);
      await cleanWalletNonces(tx, now);
      await cleanSocialLoginFlows(tx, now);
      await cleanExchangeQuotes(tx, now);
    });
  });
}
