import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_CODES, CODE_RULES } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { AccountsContext } from '../../accounts/context.ts';
import { answerEmailCodes, modified } from '../../accounts/answers.ts';
import { consumeCode, issueCode } from '../../accounts/codes.ts';
import { knownDeviceOf } from '../../accounts/known-devices.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { sameOriginOnly } from '../../accounts/same-origin.ts';
import { mailText } from '../../accounts/account-texts.ts';
import { notify } from '../../accounts/notifications.ts';
import { resetPasswordOf } from '../../accounts/password-changes.ts';
import { hashPassword, passwordMatches } from '../../accounts/passwords.ts';
import {
  DEVICE_COOKIE,
  REFRESH_COOKIE,
  authenticate,
  clearRefreshCookie,
  refreshSession,
  revokeByRefresh,
  revokeSession,
} from '../../accounts/sessions.ts';
import { signIn } from '../../accounts/sign-in.ts';
import {
  createUser,
  findInviterId,
  findUserByEmail,
  findUserById,
  isPhoneRegistered,
  isUniqueViolation,
  publicUserOf,
} from '../../accounts/users.ts';
import { route } from '../../plugins/endpoints.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

/**
 * The login group of SPEC §6: availability, codes, sign-up, login, reset, and the session calls
 * (refresh, logout). Wallet and social logins live beside it in their own files.
 */
export const loginRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const { db, limits, mailer, limitScale } = ctx;
  answerEmailCodes(app);

  route(
    app,
    accounts.checkUserNameOrPhone,
    async (request) => {
      const { email, areaCode, phone } = request.query;
      if (email) return ok({ available: !(await findUserByEmail(db, email)) });
      return ok({ available: !(await isPhoneRegistered(db, areaCode ?? '', phone ?? '')) });
    },
    { config: ipLimit(120, 1, limitScale) },
  );

  route(
    app,
    accounts.sendCode,
    async (request) => {
      const { email, purpose, language } = request.body;
      await limits.consume('sendCode', email);
      const existing = await findUserByEmail(db, email);
      if (purpose === 'register' && existing) throw new ApiFailure(ACCOUNT_CODES.emailExists, 'email already registered');
      const answer = { resendAfterSeconds: CODE_RULES.resendSeconds, expiresInSeconds: CODE_RULES.ttlSeconds };
      // A reset for an unknown address answers like a sent one: this call never tells who has an account.
      if (purpose === 'reset' && !existing) return ok(answer);
      const issued = await issueCode(db, email, purpose);
      if ('retryAfter' in issued) throw new ApiFailure('429', 'wait before asking for another code', 429, issued.retryAfter);
      const lang = existing?.language ?? language;
      const minutes = CODE_RULES.ttlSeconds / 60;
      await mailer.send(
        email,
        mailText(lang, purpose === 'register' ? 'registerSubject' : 'resetSubject'),
        `${mailText(lang, purpose === 'register' ? 'registerText' : 'resetText', { code: issued.code, minutes })}\n\n${mailText(lang, 'signature')}`,
      );
      request.log.info({ purpose }, 'verification code sent');
      return ok(answer);
    },
    { config: ipLimit(20, 60, limitScale) },
  );

  route(
    app,
    accounts.register,
    async (request, reply) => {
      const body = request.body;
      await limits.consume('register', body.email);
      if (await findUserByEmail(db, body.email)) throw new ApiFailure(ACCOUNT_CODES.emailExists, 'email already registered');
      let invitedBy: string | null = null;
      if (body.inviteCode) {
        const inviter = await findInviterId(db, body.inviteCode);
        if (!inviter) throw new ApiFailure('400', 'validation.inviteInvalid', 400);
        invitedBy = inviter;
      }
      await consumeCode(db, body.email, 'register', body.code);
      const passwordHash = await hashPassword(body.password);
      let user;
      try {
        user = await createUser(db, {
          email: body.email,
          passwordHash,
          areaCode: body.areaCode ?? null,
          phone: body.phone ?? null,
          invitedBy,
          language: body.language,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiFailure(ACCOUNT_CODES.emailTaken, 'email already registered');
        throw error;
      }
      return ok(await signIn(db, user, request, reply));
    },
    { config: ipLimit(20, 60, limitScale) },
  );

  route(
    app,
    accounts.login,
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      // Tries count per account and address: wrong passwords from elsewhere never lock the owner out.
      const attempt = {
        account: user?.id ?? `email:${email.toLowerCase()}`,
        passwordHash: user?.passwordHash ?? null,
        address: request.ip,
        knownDevice: user ? await knownDeviceOf(db, user.id, request) : null,
      };
      await limits.consumeLogin(attempt);
      // One answer for an unknown email and a wrong password, after the same work.
      const matches = await passwordMatches(user?.passwordHash ?? null, password);
      if (!user || !matches) throw new ApiFailure(ACCOUNT_CODES.passwordWrong, 'email or password wrong');
      const answer = await signIn(db, user, request, reply);
      await limits.rewardLogin(attempt);
      return ok(answer);
    },
    { config: ipLimit(30, 10, limitScale) },
  );

  route(
    app,
    accounts.resetPassword,
    async (request) => {
      const { email, code, password } = request.body;
      await limits.consume('reset', email);
      const user = await findUserByEmail(db, email);
      // Without an account no code was ever sent, so any code is simply wrong.
      if (!user) throw new ApiFailure(ACCOUNT_CODES.codeWrong, 'the verification code is wrong');
      await consumeCode(db, email, 'reset', code);
      // A reset signs every device out: whoever knew the old password loses access.
      await resetPasswordOf(db, user.id, password);
      await notify(db, user.id, 'passwordReset');
      return modified();
    },
    { config: ipLimit(20, 60, limitScale) },
  );

  // The calls that act on the refresh cookie answer only the site's own pages.
  const ownPagesOnly = sameOriginOnly(ctx.siteOrigin);

  route(
    app,
    accounts.refresh,
    async (request, reply) => {
      const outcome = await refreshSession(db, request.cookies[REFRESH_COOKIE], reply, request.cookies[DEVICE_COOKIE]);
      if (outcome.kind !== 'ok') {
        clearRefreshCookie(reply);
        throw new ApiFailure('401', 'session expired', 401);
      }
      const user = await findUserById(db, outcome.userId);
      if (!user || user.status !== 'active') throw new ApiFailure('401', 'session expired', 401);
      return ok({ token: outcome.token, expiresIn: outcome.expiresIn, user: publicUserOf(user) });
    },
    { config: ipLimit(120, 1, limitScale), onRequest: ownPagesOnly },
  );

  route(
    app,
    accounts.logout,
    async (request, reply) => {
      await revokeByRefresh(db, request.cookies[REFRESH_COOKIE]);
      const header = request.headers.authorization;
      const auth = await authenticate(db, typeof header === 'string' ? header : undefined);
      if (auth) await revokeSession(db, auth.sessionId);
      clearRefreshCookie(reply);
      return ok(null);
    },
    { onRequest: ownPagesOnly },
  );
};
