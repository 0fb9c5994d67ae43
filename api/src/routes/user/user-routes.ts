import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_CODES, MODE_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { AccountsContext } from '../../accounts/context.ts';
import { modified } from '../../accounts/answers.ts';
import type { TradingService } from '../../trading/trading-service.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { listNotificationsOf, markNotificationsRead, notify } from '../../accounts/notifications.ts';
import { changePasswordOf } from '../../accounts/password-changes.ts';
import { passwordMatches } from '../../accounts/passwords.ts';
import { listLiveSessions, revokeUserSessions } from '../../accounts/sessions.ts';
import { findUserById, publicUserOf, setAccountMode, setUserLanguage } from '../../accounts/users.ts';
import { userReadsOf } from '../../accounts/user-reads.ts';
import type { CheckedAuth } from '../../accounts/user-reads.ts';
import { marketUsdPrices } from '../../ledger/currency.ts';
import { route } from '../../plugins/endpoints.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { authOf, modeOf, userGuard } from '../../plugins/user-auth.ts';

/** The user group of SPEC §6 that accounts need: the signed-in user's own data only. */
export const userRoutes: FastifyPluginAsync<{ ctx: AccountsContext; trading: TradingService }> = async (app, { ctx, trading }) => {
  const { db, limitScale } = ctx;
  // onRequest: a caller without a valid token hears 401 before any validation of what they sent.
  app.addHook('onRequest', userGuard(db));

  const currentUser = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user || user.status !== 'active') throw new ApiFailure('401', 'login required', 401);
    return user;
  };

  route(app, accounts.getUserInfo, async (request) => {
    const auth = authOf(request);
    // The hottest signed-in read: from memory where the API keeps its users' reads (never stale after a change's answer).
    const reads = userReadsOf(db);
    if (reads && 'generation' in auth) {
      const user = await reads.user(auth as CheckedAuth);
      if (!user || user.status !== 'active') throw new ApiFailure('401', 'login required', 401);
      const mode = modeOf(request, user.accountMode as AccountModeName);
      const account = await reads.figures(auth as CheckedAuth, mode, trading.ctx.market, marketUsdPrices(trading.ctx.market));
      return ok({ user: publicUserOf(user), account });
    }
    const user = await currentUser(auth.userId);
    const mode = modeOf(request, user.accountMode as AccountModeName);
    return ok({ user: publicUserOf(user), account: await trading.figures(user.id, mode) });
  });

  route(app, accounts.switchMode, async (request) => {
    const { userId } = authOf(request);
    const user = await setAccountMode(db, userId, request.body.mode);
    if (!user) throw new ApiFailure('401', 'login required', 401);
    // The user's other windows and devices follow the switch (ACCOUNT_MODE on their own sockets only).
    ctx.balances.emit('mode', userId, request.body.mode);
    return ok({ user: publicUserOf(user), account: await trading.figures(userId, request.body.mode) });
  });

  route(app, accounts.setLanguage, async (request) => {
    // Emails and notifications follow the language the user reads the site in.
    await setUserLanguage(db, authOf(request).userId, request.body.language);
    return modified();
  });

  route(
    app,
    accounts.resetDemo,
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
    { config: ipLimit(30, 10, limitScale) },
  );

  route(
    app,
    accounts.repassword,
    async (request) => {
      const { userId, sessionId } = authOf(request);
      await ctx.limits.consume('login', `user:${userId}`);
      const user = await currentUser(userId);
      if (!user.passwordHash || !(await passwordMatches(user.passwordHash, request.body.oldPassword))) {
        throw new ApiFailure(ACCOUNT_CODES.passwordWrong, 'current password wrong');
      }
      // Other devices are signed out; this one stays.
      await changePasswordOf(db, userId, request.body.password, sessionId);
      // The new password starts fresh sign-in counts (they belong to the password); this one's tries are cleared too.
      await ctx.limits.reward('login', `user:${userId}`);
      await notify(db, userId, 'passwordChanged');
      return modified();
    },
    { config: ipLimit(10, 15, limitScale) },
  );

  route(app, accounts.listSessions, async (request) => {
    const { userId, sessionId } = authOf(request);
    return ok(await listLiveSessions(db, userId, sessionId));
  });

  route(app, accounts.revokeSessions, async (request) => {
    const { userId, sessionId } = authOf(request);
    return ok({ revoked: await revokeUserSessions(db, userId, request.body.scope, sessionId) });
  });

  route(app, accounts.listNotifications, async (request) => ok(await listNotificationsOf(db, authOf(request).userId)));

  route(app, accounts.readNotifications, async (request) => {
    const unread = await markNotificationsRead(db, authOf(request).userId, request.body.ids);
    return ok({ unread });
  });
};
