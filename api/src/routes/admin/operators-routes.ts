import type { FastifyPluginAsync } from 'fastify';
import { operatorsEndpoints as operatorsApi } from '@meridian/contracts/endpoints/operators';
import type { OperatorService } from '../../operators/operators.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { readableKinds } from '../../reviews/reviews.ts';
import type { ReviewService } from '../../reviews/reviews.ts';

/** The operator accounts (invitations, deactivation) and the dashboard every operator opens first. */
export const operatorsRoutes: FastifyPluginAsync<{ operators: OperatorService; reviews: ReviewService }> = async (
  app,
  { operators, reviews },
) => {
  route(app, operatorsApi.listOperators, async () => ok(await operators.list()));

  route(app, operatorsApi.inviteOperator, async (request) => ok(await operators.invite(operatorOf(request), request.body)));

  route(app, operatorsApi.deactivateOperator, async (request) => ok(await operators.deactivate(operatorOf(request), request.params.id)));

  route(app, operatorsApi.getDashboard, async (request) => {
    const me = operatorOf(request);
    const kinds = readableKinds(me.roles);
    return ok({ queues: (await reviews.counts()).filter((q) => kinds.includes(q.kind)), operator: await operators.self(me) });
  });
};
