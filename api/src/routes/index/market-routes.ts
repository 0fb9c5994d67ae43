import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  candlesQuery,
  candlesResult,
  envelope,
  homeStatistics,
  listMarketQuery,
  listMarketResult,
  marketIdParams,
  marketInfo,
  validationIssues,
} from '@meridian/contracts/schemas';
import type { MarketService } from '../../market/market-service.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

const errorBody = envelope(validationIssues);

/** Market calls of the `index` group (SPEC §6): served from the node's memory but the candle history. */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (app, { market }) => {
  app.get(
    '/listMarketByType',
    { schema: { tags: ['index'], querystring: listMarketQuery, response: { 200: envelope(listMarketResult), 400: errorBody } } },
    async (request) => ok(market.list(request.query)),
  );

  app.get(
    '/getMarketInfo/:id',
    { schema: { tags: ['index'], params: marketIdParams, response: { 200: envelope(marketInfo), 400: errorBody } } },
    async (request) => {
      const info = market.info(request.params.id);
      if (!info) throw new ApiFailure('404', 'instrument not found', 404);
      return ok(info);
    },
  );

  app.get(
    '/getKValueByCodeAndDate',
    {
      schema: { tags: ['index'], querystring: candlesQuery, response: { 200: envelope(candlesResult), 400: errorBody } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const series = await market.candleSeries(request.query);
      if (!series) throw new ApiFailure('404', 'instrument not found', 404);
      return ok(series);
    },
  );

  app.get('/getHomeStatistics', { schema: { tags: ['index'], response: { 200: envelope(homeStatistics) } } }, async () =>
    ok(await market.homeStatistics()),
  );
};
