import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SUCCESS_CODES } from '@meridian/contracts';
import { nftEndpoints as nftApi } from '@meridian/contracts/endpoints/nfts';
import type { Database } from '../../db/database.ts';
import { artStyleOf, nftArtworkSvg } from '../../nfts/artwork.ts';
import type { NftAuctions, NftEffects } from '../../nfts/nft-auctions.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { moneyCalls } from '../../plugins/money-call.ts';
import { authOf, userGuard } from '../../plugins/user-auth.ts';

/**
 * Whether this request's own transaction committed its answer: a replayed answer (the key answered before,
 * whatever this request's work did before it was rolled back) tells nothing, or a refused retry could
 * broadcast a bid that never happened.
 */
const committedHere = (reply: FastifyReply) => reply.getHeader('Idempotent-Replayed') !== 'true' && reply.statusCode === 200;

/**
 * Charity NFTs (issue 28): the market, an NFT, its artwork and the charities are public; bids and
 * purchases run once per `Idempotency-Key` and lock the NFT, then its owners (several-owner calls).
 * What a committed bid or purchase has to tell (the watchers' frame, the owners' figures) goes out after
 * its commit; a replayed answer tells nothing (`committedHere`).
 */
export const nftRoutes: FastifyPluginAsync<{ db: Database; auctions: NftAuctions; now: () => number }> = async (
  app,
  { db, auctions, now },
) => {
  route(app, nftApi.listNft, async (request) => ok(await auctions.list(request.query)));

  route(app, nftApi.getNft, async (request) => {
    const detail = await auctions.detail(request.params.id);
    if (!detail) throw new ApiFailure('404', 'NFT not found', 404);
    return ok(detail);
  });

  route(app, nftApi.nftImage, async (request, reply) => {
    const art = await auctions.artwork(request.params.id);
    if (!art) throw new ApiFailure('404', 'NFT not found', 404);
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(nftArtworkSvg(art.seed, artStyleOf(art.seed), art.name));
  });

  route(app, nftApi.listCharities, async () => ok(await auctions.charitiesList()));

  route(app, nftApi.getCharity, async (request) => {
    const charity = await auctions.charity(request.params.id);
    if (!charity) throw new ApiFailure('404', 'charity not found', 404);
    return ok(charity);
  });

  await app.register(async (user) => {
    user.addHook('onRequest', userGuard(db));
    const moneyCall = moneyCalls(db, now);

    route(user, nftApi.getMyNftBid, async (request) => {
      const mine = await auctions.mine(authOf(request).userId, request.params.id);
      if (!mine) throw new ApiFailure('404', 'NFT not found', 404);
      return ok(mine);
    });

    route(user, nftApi.listMyNfts, async (request) =>
      ok(await auctions.listMine(authOf(request).userId, request.query.tab, request.query.page)),
    );

    route(user, nftApi.bidNft, async (request, reply) => {
      let effects: NftEffects | null = null;
      const answer = await moneyCall(
        request,
        reply,
        async (tx, userId, mode) => {
          // Each run of the work (a deadlock runs it again) starts with nothing to tell.
          effects = null;
          const done = await auctions.bid(tx, userId, mode, request.params.id, request.body.amount);
          effects = done.effects;
          return done.result;
        },
        { severalOwners: true },
      );
      if (effects && committedHere(reply)) auctions.told(effects);
      return answer;
    });

    route(user, nftApi.buyNft, async (request, reply) => {
      let effects: NftEffects | null = null;
      const answer = await moneyCall(
        request,
        reply,
        async (tx, userId, mode) => {
          // Each run of the work (a deadlock runs it again) starts with nothing to tell.
          effects = null;
          const done = await auctions.buyNow(tx, userId, mode, request.body.id, request.body.price);
          effects = done.effects;
          return done.result;
        },
        { severalOwners: true, successCode: SUCCESS_CODES.purchaseSuccessful },
      );
      if (effects && committedHere(reply)) auctions.told(effects);
      return answer;
    });
  });
};
