import type { FastifyPluginAsync } from 'fastify';
import { nftEndpoints as nftApi } from '@meridian/contracts/endpoints/nfts';
import type { NftAuctions } from '../../nfts/nft-auctions.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { guardOperatorScope, operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorGate } from '../../plugins/operator-auth.ts';

/** Charities and NFTs as operators manage them (the settings section): admins add and change them (audited), auditors read them. */
export const nftAdminRoutes: FastifyPluginAsync<{ auctions: NftAuctions; gate: OperatorGate }> = async (app, { auctions, gate }) => {
  guardOperatorScope(app, gate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  route(app, nftApi.listNftsAdmin, async () => ok(await auctions.admin()));
  route(app, nftApi.createCharity, async (request) => ok(await auctions.createCharity(operatorOf(request), request.body)));
  route(app, nftApi.updateCharity, async (request) =>
    ok(await auctions.updateCharity(operatorOf(request), request.params.id, request.body)),
  );
  route(app, nftApi.createNft, async (request) => ok(await auctions.createNft(operatorOf(request), request.body)));
};
