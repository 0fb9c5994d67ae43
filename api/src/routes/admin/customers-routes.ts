import type { FastifyPluginAsync } from 'fastify';
import { customersEndpoints as customersApi } from '@meridian/contracts/endpoints/customers';
import type { CustomerDirectory } from '../../operators/customers.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { readableKinds } from '../../reviews/reviews.ts';

/** The customers as operators see them: search, profile (with the review items the reader may read), transfers, notes. */
export const customersRoutes: FastifyPluginAsync<{ customers: CustomerDirectory }> = async (app, { customers }) => {
  route(app, customersApi.listUsers, async (request) => ok(await customers.search(request.query.q, request.query.page)));

  route(app, customersApi.getUser, async (request) =>
    ok(await customers.detail(request.params.id, readableKinds(operatorOf(request).roles))),
  );

  route(app, customersApi.listUserTransfers, async (request) =>
    ok(await customers.transfers(request.params.id, request.query.mode, request.query.page)),
  );

  route(app, customersApi.addUserNote, async (request) => {
    await customers.addNote(operatorOf(request), request.params.id, request.body.body);
    return ok(null);
  });
};
