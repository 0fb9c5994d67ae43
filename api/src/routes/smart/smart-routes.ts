import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS_CODES } from '@meridian/contracts';
import { smartEndpoints as smartApi } from '@meridian/contracts/endpoints/smart';
import type { Database } from '../../db/database.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';
import type { SmartPlans } from '../../smart/smart-plans.ts';

/**
 * Smart plans (issue 27): the products are public; buying and leaving early run once per
 * `Idempotency-Key`. Handlers only call into smart/.
 */
export const smartRoutes: FastifyPluginAsync<{ db: Database; plans: SmartPlans; now: () => number }> = async (app, { db, plans, now }) => {
  route(app, smartApi.listSmartProducts, async () => ok(await plans.listProducts()));

  await app.register(async (user) => {
    user.addHook('onRequest', userGuard(db));
    // A plan bought or left moved money: the owner's figures go out live, and their other pages refresh.
    const moneyCall = moneyCalls(db, now, (userId) => plans.moved(userId));

    route(user, smartApi.buySmart, async (request, reply) =>
      moneyCall(request, reply, (tx, userId, mode) => plans.buy(tx, userId, mode, request.body), {
        successCode: SUCCESS_CODES.purchaseSuccessful,
      }),
    );

    route(user, smartApi.listSmartOrder, async (request) =>
      ok(await plans.list(authOf(request).userId, request.query.status, request.query.page)),
    );

    route(user, smartApi.getSmartOrder, async (request) => {
      const detail = await plans.detail(authOf(request).userId, request.params.id);
      if (!detail) throw new ApiFailure('404', 'plan not found', 404);
      return ok(detail);
    });

    route(user, smartApi.previewEarlyExit, async (request) => ok(await plans.previewEarlyExit(authOf(request).userId, request.params.id)));

    route(user, smartApi.earlyExitSmart, async (request, reply) =>
      moneyCall(request, reply, (tx, userId, mode) => plans.earlyExit(tx, userId, mode, request.params.id, request.body.receive)),
    );
  });
};
