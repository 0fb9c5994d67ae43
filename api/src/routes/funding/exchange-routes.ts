import type { FastifyPluginAsync } from 'fastify';
import { FUNDING_CODES } from '@meridian/contracts';
import { exchangeEndpoints as exchange } from '@meridian/contracts/endpoints/exchange';
import type { Database } from '../../db/database.ts';
import type { FlashExchange } from '../../funding/flash-exchange.ts';
import type { BalanceEvents } from '../../ledger/account-figures.ts';
import type { NotifyUser } from '../../live/user-events.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { callerMode, moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

interface ExchangeRoutesOptions {
  db: Database;
  flashExchange: FlashExchange;
  balances: BalanceEvents;
  notifyUser: NotifyUser;
  now: () => number;
}

const realOnly = () => new ApiFailure(FUNDING_CODES.realOnly, 'the flash exchange needs the real account', 409);

/**
 * Flash exchange of the real account (SPEC §5.4, §6): a quote, its submission (once per `Idempotency-Key`,
 * the quote itself used once) and the caller's exchanges. Handlers only call into funding/flash-exchange.ts.
 */
export const exchangeRoutes: FastifyPluginAsync<ExchangeRoutesOptions> = async (app, { db, flashExchange, balances, notifyUser, now }) => {
  app.addHook('onRequest', userGuard(db));
  // After a committed exchange: both currencies' figures, on every page of the user's that shows them.
  const moneyCall = moneyCalls(db, now, (userId, mode) => {
    balances.emit('changed', userId, mode);
    notifyUser(userId, [{ key: 'userFigures', mode }, { key: 'userFunding' }]);
  });

  route(
    app,
    exchange.quoteExchange,
    async (request) => {
      if ((await callerMode(request)) !== 'real') throw realOnly();
      return ok(await flashExchange.quote(authOf(request).userId, request.body));
    },
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );

  route(app, exchange.submitExchange, async (request, reply) =>
    moneyCall(request, reply, async (tx, userId, mode) => {
      if (mode !== 'real') throw realOnly();
      return flashExchange.submit(tx, userId, request.body.quoteId);
    }),
  );

  route(app, exchange.listExchanges, async (request) => ok(await flashExchange.list(authOf(request).userId, request.query.page)));
};
