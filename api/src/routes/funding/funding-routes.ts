import type { FastifyPluginAsync } from 'fastify';
import { FUNDING_CODES, FUNDING_NETWORK_NAMES, SUCCESS_CODES } from '@meridian/contracts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import type { Database } from '../../db/database.ts';
import { depositAddressesAreDevelopment, depositAddressOf } from '../../funding/deposit-addresses.ts';
import type { Deposits } from '../../funding/deposits.ts';
import { listInvites } from '../../funding/invites.ts';
import { statementCsv, statementPage } from '../../funding/statement.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { callerMode, moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';
import type { SettingsCache } from '../../settings/settings-cache.ts';
import { sendImage } from '../../uploads/image-answer.ts';
import { findUpload } from '../../uploads/uploads.ts';

/**
 * Funding of the real account (issue 25): the deposit addresses, deposits and their records. Handlers
 * only call into funding/; a submission runs once per `Idempotency-Key`.
 */
export const fundingRoutes: FastifyPluginAsync<{ db: Database; deposits: Deposits; settings: SettingsCache; now: () => number }> = async (
  app,
  { db, deposits, settings, now },
) => {
  app.addHook('onRequest', userGuard(db));
  const moneyCall = moneyCalls(db, now);

  route(app, funding.depositAddresses, async () => {
    const addresses = await Promise.all(
      FUNDING_NETWORK_NAMES.map(async (network) => ({ network, address: await depositAddressOf(settings, network) })),
    );
    return ok({
      addresses: addresses.flatMap(({ network, address }) => (address ? [{ network, address }] : [])),
      development: await depositAddressesAreDevelopment(settings),
    });
  });

  route(app, funding.recharge, async (request, reply) =>
    moneyCall(
      request,
      reply,
      async (tx, userId, mode) => {
        if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'deposits need the real account', 409);
        return deposits.submit(tx, userId, request.body);
      },
      { successCode: SUCCESS_CODES.rechargeSubmitted },
    ),
  );

  route(app, funding.listRecharge, async (request) =>
    ok(await deposits.list(authOf(request).userId, request.query.page, request.query.state)),
  );

  route(app, funding.listInvites, async (request) => ok(await listInvites(db, settings, authOf(request).userId)));

  // The statement of the account mode in use (a window naming the other one is refused, 10110).
  route(app, funding.listStatement, async (request) => {
    const owner = { userId: authOf(request).userId, mode: await callerMode(request), currency: request.query.currency };
    return ok(await statementPage(db, owner, request.query.page));
  });

  route(app, funding.exportStatement, async (request, reply) => {
    const mode = await callerMode(request);
    const owner = { userId: authOf(request).userId, mode, currency: request.query.currency };
    const day = new Date(now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="meridian-statement-${mode}-${request.query.currency ?? 'all'}-${day}.csv"`)
      .send(statementCsv(db, owner));
  });

  route(app, funding.depositProof, async (request, reply) => {
    const proofId = await deposits.proofOf(authOf(request).userId, request.params.id);
    const image = proofId ? await findUpload(db, proofId) : null;
    if (!proofId || !image) throw new ApiFailure('404', 'deposit not found', 404);
    return sendImage(reply, proofId, image, 'private, max-age=3600');
  });
};
