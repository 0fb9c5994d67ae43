import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { knownDevices } from '../db/schema.ts';
import { sha256 } from './secrets.ts';
import { DEVICE_COOKIE } from './sessions.ts';

/**
 * The browser's device (its cookie's hash) when the user already signed in from it, else null (only
 * the owner's browsers hold such a cookie).
 */
export async function knownDeviceOf(db: Database, userId: string, request: FastifyRequest): Promise<string | null> {
  const device = request.cookies[DEVICE_COOKIE];
  if (!device || !/^[A-Za-z0-9_-]{20,64}$/.test(device)) return null;
  const [row] = await db
    .select({ id: knownDevices.deviceId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceId, sha256(device))))
    .limit(1);
  return row ? row.id : null;
}
