import type { FastifyPluginAsync } from 'fastify';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { AccountsContext } from '../../accounts/context.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { signIn } from '../../accounts/sign-in.ts';
import { findOrCreateWalletUser } from '../../accounts/users.ts';
import { issueWalletNonce, verifyWalletSignIn } from '../../accounts/wallet-sign-in.ts';
import { route } from '../../plugins/endpoints.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * Wallet login (issue 4 §6): a single-use nonce, then a readable message signed by the wallet —
 * EIP-4361 on Ethereum, the same lines through signMessageV2 on Tron — verified here, offline.
 * The first sign-in of an address makes its account.
 */
export const walletRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const { db, limits, limitScale } = ctx;
  const site = new URL(ctx.siteOrigin);

  route(app, accounts.walletNonce, async (request) => ok(await issueWalletNonce(db, site, request.query.chain, request.query.language)), {
    config: ipLimit(60, 10, limitScale),
  });

  route(
    app,
    accounts.loginByWallet,
    async (request, reply) => {
      const { address, language } = request.body;
      // Counted per caller and address, so nobody can lock another person's wallet out from elsewhere.
      const attempt = `${request.ip}:${address.toLowerCase()}`;
      await limits.consume('wallet', attempt);
      const signer = await verifyWalletSignIn(db, site, request.body);
      const user = await findOrCreateWalletUser(db, request.body.chain, signer, language);
      const answer = await signIn(db, user, request, reply);
      await limits.reward('wallet', attempt);
      return ok(answer);
    },
    { config: ipLimit(30, 10, limitScale) },
  );
};
