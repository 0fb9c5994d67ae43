import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS_CODES } from '@meridian/contracts';
import { loanEndpoints as loansApi } from '@meridian/contracts/endpoints/loans';
import type { Database } from '../../db/database.ts';
import type { Loans } from '../../loans/loans.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

/**
 * Loans (issue 26): the products are public; applying and repaying run once per `Idempotency-Key`.
 * Handlers only call into loans/.
 */
export const loanRoutes: FastifyPluginAsync<{ db: Database; loans: Loans; now: () => number }> = async (app, { db, loans, now }) => {
  route(app, loansApi.listLoanProducts, async () => ok(await loans.listProducts()));

  await app.register(async (user) => {
    user.addHook('onRequest', userGuard(db));
    // A repayment moved money: the borrower's figures (loanAmount, balance) go out live, and their other pages refresh.
    const moneyCall = moneyCalls(db, now, (userId) => loans.moved(userId));

    route(user, loansApi.loan, async (request, reply) =>
      moneyCall(request, reply, (tx, userId, mode) => loans.apply(tx, userId, mode, request.body), {
        successCode: SUCCESS_CODES.submittedForReview,
      }),
    );

    route(user, loansApi.listLoans, async (request) => ok(await loans.list(authOf(request).userId, request.query.page)));

    route(user, loansApi.getLoan, async (request) => {
      const detail = await loans.detail(authOf(request).userId, request.params.id);
      if (!detail) throw new ApiFailure('404', 'loan not found', 404);
      return ok(detail);
    });

    route(user, loansApi.loanAgreement, async (request, reply) => {
      const found = await loans.agreement(request.params.id, authOf(request).userId);
      if (!found) throw new ApiFailure('404', 'loan not found', 404);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="meridian-loan-${request.params.id}.pdf"`)
        .send(found.pdf);
    });

    route(user, loansApi.repayLoan, async (request, reply) => {
      return moneyCall(request, reply, (tx, userId, mode) => loans.repay(tx, userId, mode, request.params.id, request.body.amount));
    });
  });
};
