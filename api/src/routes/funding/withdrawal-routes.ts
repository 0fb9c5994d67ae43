import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_CODES, CODE_RULES, FUNDING_CODES, SUCCESS_CODES } from '@meridian/contracts';
import { withdrawalEndpoints as withdrawals } from '@meridian/contracts/endpoints/withdrawals';
import { mailText } from '../../accounts/account-texts.ts';
import { countWrongCode, issueCode } from '../../accounts/codes.ts';
import { ipLimit } from '../../accounts/limits.ts';
import type { Mailer } from '../../accounts/mailer.ts';
import type { Database } from '../../db/database.ts';
import { maskedEmail } from '../../funding/invites.ts';
import type { WalletLinks } from '../../funding/wallet-links.ts';
import type { Withdrawals } from '../../funding/withdrawals.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

interface WithdrawalRouteOptions {
  db: Database;
  withdrawals: Withdrawals;
  links: WalletLinks;
  mailer: Mailer;
  limitScale: number;
  now: () => number;
}

/**
 * Withdrawals, linked wallets and the USDT authorization (issue 25 items 3–4). Handlers only call into
 * funding/; a withdrawal runs once per `Idempotency-Key`.
 */
export const withdrawalRoutes: FastifyPluginAsync<WithdrawalRouteOptions> = async (
  app,
  { db, withdrawals: service, links, mailer, limitScale, now },
) => {
  app.addHook('onRequest', userGuard(db));
  const moneyCall = moneyCalls(db, now);

  route(app, withdrawals.withdrawalAuth, async (request) => ok(await links.list(authOf(request).userId)));

  route(app, withdrawals.authorizationNonce, async (request) => ok(await links.nonce(authOf(request).userId, request.body.chain)), {
    config: ipLimit(60, 10, limitScale),
  });

  route(
    app,
    withdrawals.updateUsdtAuth,
    async (request) => {
      const { userId } = authOf(request);
      const body = request.body;
      const link = body.action === 'sign' ? await links.authorize(userId, body) : await links.revoke(userId, body.linkId);
      return { ...ok(link), code: SUCCESS_CODES.modified };
    },
    { config: ipLimit(30, 10, limitScale) },
  );

  route(
    app,
    withdrawals.sendWithdrawalCode,
    async (request) => {
      const { email, language } = await service.emailOf(authOf(request).userId);
      const issued = await issueCode(db, email, 'withdrawal');
      if ('retryAfter' in issued) throw new ApiFailure('429', 'wait before asking for another code', 429, issued.retryAfter);
      const minutes = CODE_RULES.ttlSeconds / 60;
      await mailer.send(
        email,
        mailText(language, 'withdrawalCodeSubject'),
        `${mailText(language, 'withdrawalCodeText', { code: issued.code, minutes })}\n\n${mailText(language, 'signature')}`,
      );
      return ok({ sentTo: maskedEmail(email), resendAfterSeconds: CODE_RULES.resendSeconds, expiresInSeconds: CODE_RULES.ttlSeconds });
    },
    { config: ipLimit(20, 60, limitScale) },
  );

  route(app, withdrawals.withdrawal, async (request, reply) => {
    const { userId } = authOf(request);
    const { email } = await service.emailOf(userId);
    const answer = await moneyCall(
      request,
      reply,
      async (tx, caller, mode) => {
        if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'withdrawals need the real account', 409);
        return service.submit(tx, caller, email, request.body);
      },
      { successCode: SUCCESS_CODES.withdrawalSubmitted },
    );
    if (answer.code === SUCCESS_CODES.withdrawalSubmitted) service.held(userId);
    // A wrong code rolled the request back with it: its try is counted now, so five wrong ones end the code.
    else if (answer.code === ACCOUNT_CODES.codeWrong && reply.getHeader('Idempotent-Replayed') !== 'true')
      await countWrongCode(db, email, 'withdrawal');
    return answer;
  });

  route(app, withdrawals.listWithdrwal, async (request) =>
    ok(await service.list(authOf(request).userId, request.query.page, request.query.state)),
  );
};

/** The cancel link e-mailed when an address is linked: it works without signing in (the mailbox is the proof). */
export const walletCancelRoutes: FastifyPluginAsync<{ links: WalletLinks; limitScale: number }> = async (app, { links, limitScale }) => {
  route(app, withdrawals.cancelWalletLink, async (request) => ok(await links.cancel(request.body.token)), {
    config: ipLimit(20, 10, limitScale),
  });
};
