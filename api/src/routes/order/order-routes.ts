import type { FastifyPluginAsync } from 'fastify';
import { wholeNumber } from '@meridian/contracts';
import { tradingEndpoints as order } from '@meridian/contracts/endpoints/trading';
import { lotTermsOf } from '../../market/catalogue/catalogue.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { callerMode, moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';
import { buyOption, getOptionsOrder, listOptions, productsOf } from '../../trading/options/options.ts';
import { cancelPending } from '../../trading/positions/pending.ts';
import { closePosition, listPositions, openPosition, positionTerms } from '../../trading/positions/positions.ts';
import { haltedInstruments, instrumentOf, percentSetting } from '../../trading/trading-context.ts';
import type { TradingService } from '../../trading/trading-service.ts';

/**
 * The order group of SPEC §6: contracts and options of the signed-in user, in the account mode the
 * user chose (switchMode); a `virtually` header naming the other mode is refused (`modeOf`).
 * Money-moving calls take an `Idempotency-Key`; handlers only call into trading/ and publish the new
 * figures after the transaction committed.
 */
export const orderRoutes: FastifyPluginAsync<{ trading: TradingService }> = async (app, { trading }) => {
  const { ctx } = trading;
  app.addHook('onRequest', userGuard(ctx.db));

  route(app, order.getTradingTerms, async (request) => {
    const instrument = instrumentOf(ctx, request.params.instrumentId);
    return ok({
      instrumentId: instrument.id,
      feePercent: (await percentSetting(ctx, 'trading_fee_percent')).toFixed(),
      maintenanceMarginPercent: (await percentSetting(ctx, 'maintenance_margin_percent')).toFixed(),
      leverages: [...instrument.leverages],
      contractSize: instrument.contractSize.toFixed(),
      tickSize: instrument.tickSize.toFixed(),
      lots: lotTermsOf(instrument),
      options: await productsOf(ctx.db, instrument.id),
    });
  });

  // A money call: the stored mode (or the first answer replayed), the work once per key, then the new figures.
  const moneyCall = moneyCalls(ctx.db, ctx.now, (userId, mode) => trading.publishFigures(userId, mode));

  route(app, order.buyContracts, async (request, reply) => {
    const terms = await positionTerms(ctx);
    return moneyCall(request, reply, (tx, userId, mode) => openPosition(ctx, tx, userId, mode, request.body, terms));
  });

  route(app, order.closeContracts, async (request, reply) => {
    const id = wholeNumber(request.params.id);
    return moneyCall(request, reply, (tx, userId, mode) => closePosition(ctx, tx, userId, mode, id));
  });

  // Cancels a pending limit order: its hold goes back to cash (10103 when it is not pending any more).
  route(app, order.cancelOrder, async (request, reply) => {
    const id = wholeNumber(request.params.id);
    return moneyCall(request, reply, (tx, userId, mode) => cancelPending(ctx, tx, { userId, mode }, id));
  });

  route(app, order.listOrder, async (request) =>
    ok(await listPositions(ctx, ctx.db, authOf(request).userId, await callerMode(request), request.query)),
  );

  route(app, order.buyOptions, async (request, reply) => {
    const halted = await haltedInstruments(ctx);
    return moneyCall(request, reply, (tx, userId, mode) => buyOption(ctx, tx, userId, mode, request.body, halted));
  });

  route(app, order.getOptionsOrderById, async (request) =>
    ok(await getOptionsOrder(ctx, ctx.db, authOf(request).userId, await callerMode(request), wholeNumber(request.params.id))),
  );

  route(app, order.listOptionsOrder, async (request) =>
    ok(await listOptions(ctx, ctx.db, authOf(request).userId, await callerMode(request), request.query)),
  );
};
