import type { FastifyPluginAsync } from 'fastify';
import { smartEndpoints as smartApi } from '@meridian/contracts/endpoints/smart';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { guardOperatorScope, operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorGate } from '../../plugins/operator-auth.ts';
import type { SmartPlans } from '../../smart/smart-plans.ts';

/** The smart plan products as operators edit them (the settings section): admins change them, auditors read them. */
export const smartAdminRoutes: FastifyPluginAsync<{ plans: SmartPlans; gate: OperatorGate }> = async (app, { plans, gate }) => {
  guardOperatorScope(app, gate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  route(app, smartApi.listSmartProductsAdmin, async () => ok(await plans.adminProducts()));
  route(app, smartApi.createSmartProduct, async (request) => ok(await plans.createProduct(operatorOf(request), request.body)));
  route(app, smartApi.updateSmartProduct, async (request) =>
    ok(await plans.updateProduct(operatorOf(request), request.params.id, request.body)),
  );
};
