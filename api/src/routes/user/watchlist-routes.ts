import type { FastifyPluginAsync } from 'fastify';
import { marketEndpoints as markets } from '@meridian/contracts/endpoints/market';
import type { Database } from '../../db/database.ts';
import type { MarketService } from '../../market/market-service.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from '../../market/watchlist.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

/** The signed-in user's watchlist (beyond the seed, SPEC §6): their own list only. */
export const watchlistRoutes: FastifyPluginAsync<{ db: Database; market: MarketService }> = async (app, { db, market }) => {
  app.addHook('onRequest', userGuard(db));

  route(app, markets.listWatchlist, async (request) => {
    const ids = await listWatchlist(db, authOf(request).userId);
    // Instruments switched off since they were added are not shown.
    return ok({ ids: ids.filter((id) => market.catalogue.byId(id)) });
  });

  route(app, markets.addWatchlist, async (request) => {
    const { userId } = authOf(request);
    if (!market.catalogue.byId(request.body.id)) throw new ApiFailure('404', 'instrument not found', 404);
    if (!(await addToWatchlist(db, userId, request.body.id))) throw new ApiFailure('10098', 'watchlist full');
    return ok({ ids: await listWatchlist(db, userId) });
  });

  route(app, markets.removeWatchlist, async (request) => {
    const { userId } = authOf(request);
    await removeFromWatchlist(db, userId, request.body.id);
    return ok({ ids: await listWatchlist(db, userId) });
  });
};
