import type { FastifyPluginAsync } from 'fastify';
import { marketEndpoints as markets } from '@meridian/contracts/endpoints/market';
import type { MarketService } from '../../market/market-service.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';

/** Market calls of the `index` group (SPEC §6): served from the node's memory but the candle history. */
export const marketRoutes: FastifyPluginAsync<{ market: MarketService }> = async (app, { market }) => {
  route(app, markets.listMarketByType, async (request) => ok(market.list(request.query)));

  route(app, markets.getMarketInfo, async (request) => {
    const info = market.info(request.params.id);
    if (!info) throw new ApiFailure('404', 'instrument not found', 404);
    return ok(info);
  });

  route(
    app,
    markets.getKValueByCodeAndDate,
    async (request) => {
      const series = await market.candleSeries(request.query);
      if (!series) throw new ApiFailure('404', 'instrument not found', 404);
      return ok(series);
    },
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );

  route(app, markets.getHomeStatistics, async () => ok(await market.homeStatistics()));
};
