import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionItem } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { accessTokens, knownDevices, sessions, users } from '../db/schema.ts';
import { newSecret, sha256 } from './secrets.ts';
import { notify } from './notifications.ts';
import { clientAddress } from './limits.ts';
import { userChanged } from './user-changes.ts';

/** Access tokens live about 15 minutes; refresh tokens 30 days, rotated on every use. */
const ACCESS_TTL_SECONDS = 15 * 60;
const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * For this long after a rotation the refresh token it replaced still yields an access token (no new
 * cookie): two tabs, or two requests, refreshing with the same cookie at once both succeed.
 */
export const REFRESH_GRACE_SECONDS = 20;

/** The refresh cookie is only ever sent to the login group (refresh and logout). */
export const REFRESH_COOKIE = 'meridian_refresh';
const REFRESH_COOKIE_PATH = '/api/swx/customer/login';
export const DEVICE_COOKIE = 'meridian_device';

export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresIn: number;
}

function setRefreshCookie(reply: FastifyReply, refresh: string): void {
  reply.setCookie(REFRESH_COOKIE, refresh, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'strict' });
}

/** The browser's long-lived device id (random), set on first sign-in. */
function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing)) return existing;
  const id = newSecret();
  reply.setCookie(DEVICE_COOKIE, id, { path: '/api', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 2 * 365 * 24 * 3600 });
  return id;
}

/**
 * Signs a user in on this browser: a new session row, the access token in the answer, the refresh
 * token in its cookie. A device the user never signed in from raises a notification.
 */
export async function startSession(db: Database, userId: string, request: FastifyRequest, reply: FastifyReply): Promise<IssuedSession> {
  const token = newSecret();
  const refresh = newSecret();
  const now = Date.now();
  const sessionId = randomUUID();
  const deviceId = deviceIdOf(request, reply);
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshHash: sha256(refresh),
    refreshExpiresAt: new Date(now + REFRESH_TTL_SECONDS * 1000),
    deviceId: sha256(deviceId),
    userAgent,
    ip: clientAddress(request),
  });
  await db.insert(accessTokens).values({ hash: sha256(token), sessionId, expiresAt: new Date(now + ACCESS_TTL_SECONDS * 1000) });
  const known = await db
    .insert(knownDevices)
    .values({ userId, deviceId: sha256(deviceId) })
    .onConflictDoNothing()
    .returning();
  const hadDevices = await db.select({ id: knownDevices.deviceId }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(2);
  // The first device is where the account was made; any later new one is worth telling the user about.
  if (known.length > 0 && hadDevices.length > 1)
    await notify(db, userId, 'newDevice', { device: userAgent.slice(0, 120), ip: clientAddress(request) });
  setRefreshCookie(reply, refresh);
  return { sessionId, token, expiresIn: ACCESS_TTL_SECONDS };
}

export interface Authenticated {
  userId: string;
  sessionId: string;
  /** The user's status and chosen account mode, read with the token (one query per request). */
  status: string;
  accountMode: string;
}

/** The stored hash of an access token as an `Authorization` header carries it (`Bearer …` or bare), or null. */
export function tokenHashOf(token: string | undefined): string | null {
  if (!token || token.length > 200) return null;
  return sha256(token.startsWith('Bearer ') ? token.slice(7) : token);
}

/** The session and user of an access token's hash, when it is live (not expired, its session not revoked). */
export async function authenticateUncached(
  db: Database,
  hash: string,
): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: sessions.userId, sessionId: sessions.id, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .where(and(eq(accessTokens.hash, hash), gt(accessTokens.expiresAt, new Date()), isNull(sessions.revokedAt)));
  return row ?? null;
}

/** Resolves an access token to its user, or null when unknown, expired or revoked. */
export async function authenticate(db: Database, token: string | undefined): Promise<Authenticated | null> {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const [row] = await db
    .select({ userId: sessions.userId, sessionId: sessions.id, status: users.status, accountMode: users.accountMode })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(accessTokens.hash, hash), gt(accessTokens.expiresAt, new Date()), isNull(sessions.revokedAt)));
  return row ?? null;
}

export type RefreshOutcome = { kind: 'ok'; userId: string; token: string; expiresIn: number } | { kind: 'refused' };

/**
 * Rotates the refresh token: the presented one must be the session's current one. The previous one,
 * presented again by the session's own browser (its device cookie) within REFRESH_GRACE_SECONDS of its
 * rotation, is a parallel refresh: it gets a fresh access token of the same session and leaves the
 * cookie the first answer set. Presented later, or from another browser, it was copied: the whole
 * session is revoked.
 */
export async function refreshSession(
  db: Database,
  presented: string | undefined,
  reply: FastifyReply,
  /** The browser's device cookie: only the browser the session belongs to gets the grace. */
  device?: string,
): Promise<RefreshOutcome> {
  if (!presented || presented.length > 200) return { kind: 'refused' };
  const hash = sha256(presented);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(or(eq(sessions.refreshHash, hash), eq(sessions.previousRefreshHash, hash)))
      .for('update');
    if (!row || row.revokedAt || row.refreshExpiresAt.getTime() < Date.now()) return { kind: 'refused' } as const;
    const token = newSecret();
    const now = Date.now();
    if (row.refreshHash !== hash) {
      // lastUsedAt is the time of the last rotation. A copy used from another browser is no parallel tab.
      const sameBrowser = device !== undefined && sha256(device) === row.deviceId;
      if (!sameBrowser || now - row.lastUsedAt.getTime() > REFRESH_GRACE_SECONDS * 1000) {
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.id));
        await userChanged(row.userId);
        return { kind: 'refused' } as const;
      }
      await tx
        .insert(accessTokens)
        .values({ hash: sha256(token), sessionId: row.id, expiresAt: new Date(now + ACCESS_TTL_SECONDS * 1000) });
      return { kind: 'ok', userId: row.userId, token, expiresIn: ACCESS_TTL_SECONDS } as const;
    }
    const refresh = newSecret();
    await tx
      .update(sessions)
      .set({
        previousRefreshHash: hash,
        refreshHash: sha256(refresh),
        refreshExpiresAt: new Date(now + REFRESH_TTL_SECONDS * 1000),
        lastUsedAt: new Date(now),
      })
      .where(eq(sessions.id, row.id));
    await tx.delete(accessTokens).where(and(eq(accessTokens.sessionId, row.id), lt(accessTokens.expiresAt, new Date(now))));
    await tx.insert(accessTokens).values({ hash: sha256(token), sessionId: row.id, expiresAt: new Date(now + ACCESS_TTL_SECONDS * 1000) });
    setRefreshCookie(reply, refresh);
    return { kind: 'ok', userId: row.userId, token, expiresIn: ACCESS_TTL_SECONDS } as const;
  });
}

/** Revokes one session by its refresh token (logout from a browser whose access token is gone). */
export async function revokeByRefresh(db: Database, presented: string | undefined): Promise<void> {
  if (!presented || presented.length > 200) return;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.refreshHash, sha256(presented)))
    .returning();
  const ids = ended.map((row) => row.id);
  for (const row of ended) await userChanged(row.userId);
  if (ids.length > 0) sessionEvents.emit('ended', ids);
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  const ended = await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)).returning();
  for (const row of ended) await userChanged(row.userId);
  sessionEvents.emit('ended', [sessionId]);
}

/** The user's live sessions (not revoked, refresh token unexpired), most recently used first. */
export async function listLiveSessions(db: Database, userId: string, currentSessionId: string): Promise<SessionItem[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastUsedAt));
  return rows
    .filter((r) => r.refreshExpiresAt.getTime() > Date.now())
    .map((r) => ({
      id: r.id,
      userAgent: r.userAgent,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt.toISOString(),
      current: r.id === currentSessionId,
    }));
}

/** Ends the user's other sessions (`others`) or all of them (`all`): how many ended. */
export async function revokeUserSessions(db: Database, userId: string, scope: 'others' | 'all', currentSessionId: string): Promise<number> {
  const where =
    scope === 'all'
      ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
      : and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt));
  const revoked = await db.update(sessions).set({ revokedAt: new Date() }).where(where).returning();
  await userChanged(userId);
  return revoked.length;
}

/**
 * Sessions that just ended (`ended`: their ids): the live connection stops their sockets' user frames
 * at once, on every node. Ends not told here are found by its periodic check within a second or so.
 */
export const sessionEvents = new EventEmitter<{ ended: [sessionIds: string[]] }>().setMaxListeners(0);
