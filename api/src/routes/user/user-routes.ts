import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_CODES, MODE_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import {
  accountFigures,
  accountModeChangedResult,
  envelope,
  listNotificationsResult,
  listSessionsResult,
  readNotificationsBody,
  repasswordBody,
  revokeSessionsBody,
  setLanguageBody,
  switchModeBody,
  userInfoResult,
} from '@meridian/contracts/schemas';
import type { AccountsContext } from '../../accounts/context.ts';
import { modified } from '../../accounts/answers.ts';
import type { TradingService } from '../../trading/trading-service.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { notify } from '../../accounts/notifications.ts';
import { hashPassword, passwordMatches } from '../../accounts/passwords.ts';
import { findUserById, publicUserOf } from '../../accounts/users.ts';
import { notifications, sessions, users } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { authOf, modeOf, userGuard } from '../../plugins/user-auth.ts';

/** A `virtually` header naming the other mode than the stored one: refused (10110) with the mode in use. */
const modeRefused = { 409: envelope(accountModeChangedResult) };

/** The user group of SPEC §6 that accounts need: the signed-in user's own data only. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext; trading: TradingService }> = async (app, { ctx, trading }) => {
  const { db, limitScale } = ctx;
  // onRequest: a caller without a valid token hears 401 before any validation of what they sent.
  app.addHook('onRequest', userGuard(db));

  const currentUser = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user || user.status !== 'active') throw new ApiFailure('401', 'login required', 401);
    return user;
  };

  app.post('/getUserInfo', { schema: { tags: ['user'], response: { 200: envelope(userInfoResult), ...modeRefused } } }, async (request) => {
    const user = await currentUser(authOf(request).userId);
    const mode = modeOf(request, user.accountMode as AccountModeName);
    return ok({ user: publicUserOf(user), account: await trading.figures(user.id, mode) });
  });

  app.post(
    '/switchMode',
    { schema: { tags: ['user'], body: switchModeBody, response: { 200: envelope(userInfoResult) } } },
    async (request) => {
      const { userId } = authOf(request);
      const [user] = await db.update(users).set({ accountMode: request.body.mode }).where(eq(users.id, userId)).returning();
      if (!user) throw new ApiFailure('401', 'login required', 401);
      // The user's other windows and devices follow the switch (ACCOUNT_MODE on their own sockets only).
      ctx.balances.emit('mode', userId, request.body.mode);
      return ok({ user: publicUserOf(user), account: await trading.figures(userId, request.body.mode) });
    },
  );

  app.post(
    '/setLanguage',
    { schema: { tags: ['user'], body: setLanguageBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      // Emails and notifications follow the language the user reads the site in.
      await db
        .update(users)
        .set({ language: request.body.language })
        .where(eq(users.id, authOf(request).userId));
      return modified();
    },
  );

  app.post(
    '/resetDemo',
    { schema: { tags: ['user'], response: { 200: envelope(accountFigures), ...modeRefused } }, config: ipLimit(30, 10, limitScale) },
    async (request) => {
      const { userId, accountMode } = authOf(request);
      // Only the demo account is reset, and only while it is the one in use (a real-mode window cannot).
      if (modeOf(request, accountMode as AccountModeName) !== 'demo') {
        throw new ApiFailure(MODE_CODES.accountModeChanged, 'the account in use is real', 409, undefined, { mode: 'real' });
      }
      const figures = await trading.resetDemo(userId);
      if (!figures) throw new ApiFailure('10097', 'the demo balance is already at its start value');
      return ok(figures);
    },
  );

  app.post(
    '/repassword',
    { schema: { tags: ['user'], body: repasswordBody, response: { 200: envelope(z.null()) } }, config: ipLimit(10, 15, limitScale) },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      await ctx.limits.consume('login', `user:${userId}`);
      const user = await currentUser(userId);
      if (!user.passwordHash || !(await passwordMatches(user.passwordHash, request.body.oldPassword))) {
        throw new ApiFailure(ACCOUNT_CODES.passwordWrong, 'current password wrong');
      }
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        // Other devices are signed out; this one stays.
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
      });
      // The new password starts fresh sign-in counts (they belong to the password); this one's tries are cleared too.
      await ctx.limits.reward('login', `user:${userId}`);
      await notify(db, userId, 'passwordChanged');
      return modified();
    },
  );

  app.get('/listSessions', { schema: { tags: ['user'], response: { 200: envelope(listSessionsResult) } } }, async (request) => {
    const { userId, sessionId } = authOf(request);
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastUsedAt));
    const live = rows.filter((r) => r.refreshExpiresAt.getTime() > Date.now());
    return ok(
      live.map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt.toISOString(),
        current: r.id === sessionId,
      })),
    );
  });

  app.post(
    '/revokeSessions',
    { schema: { tags: ['user'], body: revokeSessionsBody, response: { 200: envelope(z.object({ revoked: z.number().int() })) } } },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      const where =
        request.body.scope === 'all'
          ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
          : and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt));
      const revoked = await db.update(sessions).set({ revokedAt: new Date() }).where(where).returning();
      return ok({ revoked: revoked.length });
    },
  );

  app.get('/listNotifications', { schema: { tags: ['user'], response: { 200: envelope(listNotificationsResult) } } }, async (request) => {
    const { userId } = authOf(request);
    const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(100);
    const [unread] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return ok({
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind as 'welcome',
        params: r.params,
        read: r.read,
        createdAt: r.createdAt.toISOString(),
      })),
      unread: unread?.n ?? 0,
    });
  });

  app.post(
    '/readNotifications',
    { schema: { tags: ['user'], body: readNotificationsBody, response: { 200: envelope(z.object({ unread: z.number().int() })) } } },
    async (request) => {
      const { userId } = authOf(request);
      const ids = request.body.ids;
      // Only the owner's rows ever match: the user id is part of every condition.
      const mine = eq(notifications.userId, userId);
      await db
        .update(notifications)
        .set({ read: true })
        .where(ids && ids.length > 0 ? and(mine, inArray(notifications.id, ids)) : mine);
      const [unread] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, eq(notifications.read, false)));
      return ok({ unread: unread?.n ?? 0 });
    },
  );
};
