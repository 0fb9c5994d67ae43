import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { accessTokens, sessions, users } from '../db/schema.ts';
import { sha256 } from '../accounts/secrets.ts';
import { sessionEvents } from '../accounts/sessions.ts';
import type { LiveIdentity } from './live-identities.ts';

/** How many session ids one check asks about at most (well under PostgreSQL's parameter limit). */
const CHECK_CHUNK = 1000;

/**
 * What the live connection needs from the sessions (SPEC §0 rule 7): who a token is, which of the
 * connected sessions ended since (however they ended: logout, revocation, a password change, the
 * user no longer active), and the sessions this node ends, told at once.
 */
export function liveSessions(db: Database) {
  return {
    verifyToken: async (token: string): Promise<LiveIdentity | null> => {
      if (!token || token.length > 200) return null;
      const bare = token.startsWith('Bearer ') ? token.slice(7) : token;
      const [row] = await db
        .select({ userId: sessions.userId, sessionId: sessions.id, expiresAt: accessTokens.expiresAt })
        .from(accessTokens)
        .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(accessTokens.hash, sha256(bare)),
            gt(accessTokens.expiresAt, new Date()),
            isNull(sessions.revokedAt),
            eq(users.status, 'active'),
          ),
        );
      return row ? { userId: row.userId, sessionId: row.sessionId, expiresAt: row.expiresAt.getTime() } : null;
    },
    endedSessions: async (ids: readonly string[]): Promise<string[]> => {
      const live = new Set<string>();
      for (let from = 0; from < ids.length; from += CHECK_CHUNK) {
        const rows = await db
          .select({ id: sessions.id })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.id, ids.slice(from, from + CHECK_CHUNK)), isNull(sessions.revokedAt), eq(users.status, 'active')));
        for (const row of rows) live.add(row.id);
      }
      return ids.filter((id) => !live.has(id));
    },
    onSessionsEnded: (listener: (sessionIds: string[]) => void): (() => void) => {
      sessionEvents.on('ended', listener);
      return () => sessionEvents.off('ended', listener);
    },
  };
}
