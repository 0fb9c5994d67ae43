import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, validationIssues, watchlistBody, watchlistResult } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import type { MarketService } from '../../market/market-service.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from '../../market/watchlist.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

const errorBody = envelope(validationIssues);

/** The signed-in user's watchlist (beyond the seed, SPEC §6): their own list only. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ db: Database; market: MarketService }> = async (app, { db, market }) => {
  app.addHook('onRequest', userGuard(db));

  app.get('/listWatchlist', { schema: { tags: ['user'], response: { 200: envelope(watchlistResult) } } }, async (request) => {
    const ids = await listWatchlist(db, authOf(request).userId);
    // Instruments switched off since they were added are not shown.
    return ok({ ids: ids.filter((id) => market.catalogue.byId(id)) });
  });

  app.post(
    '/addWatchlist',
    { schema: { tags: ['user'], body: watchlistBody, response: { 200: envelope(watchlistResult), 400: errorBody } } },
    async (request) => {
      const { userId } = authOf(request);
      if (!market.catalogue.byId(request.body.id)) throw new ApiFailure('404', 'instrument not found', 404);
      if (!(await addToWatchlist(db, userId, request.body.id))) throw new ApiFailure('10098', 'watchlist full');
      return ok({ ids: await listWatchlist(db, userId) });
    },
  );

  app.post(
    '/removeWatchlist',
    { schema: { tags: ['user'], body: watchlistBody, response: { 200: envelope(watchlistResult), 400: errorBody } } },
    async (request) => {
      const { userId } = authOf(request);
      await removeFromWatchlist(db, userId, request.body.id);
      return ok({ ids: await listWatchlist(db, userId) });
    },
  );
};
