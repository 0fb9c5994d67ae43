import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { ADMIN_API, CUSTOMER_API } from '../api-paths.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import {
  bidNftBody,
  buyNftBody,
  charitiesResult,
  charityBody,
  charityParams,
  charityView,
  listNftQuery,
  listNftResult,
  myNftBid,
  myNftsQuery,
  myNftsResult,
  nftBody,
  nftDetail,
  nftMoveResult,
  nftParams,
  nftRefusalResult,
  nftsAdminResult,
  nftView,
} from '../nft.ts';

const INDEX = `${CUSTOMER_API}/index` as const;
const USER = `${CUSTOMER_API}/user` as const;

/**
 * Charity NFTs (SPEC §1, §3, issue 28): the market, an NFT with its bids, the charities and what they
 * raised are public; bidding, buying now and my NFTs are the customer's (real account only); operators
 * add charities and list NFTs in the back-office.
 */
export const nftEndpoints = defineEndpoints('nfts', {
  listNft: {
    method: 'GET',
    path: `${INDEX}/listNft`,
    summary: 'One page of NFTs (live, ended or all; ending soonest, newest or by price; of one charity), with the total donated',
    query: listNftQuery,
    result: listNftResult,
    callers: 'anonymous',
  },
  getNft: {
    method: 'GET',
    path: `${INDEX}/nfts/:id`,
    summary: 'One NFT with its auction, its newest bids (bidders by number only) and its charity',
    params: nftParams,
    result: nftDetail,
    callers: 'anonymous',
    refusals: { 404: z.null() },
  },
  nftImage: {
    method: 'GET',
    path: `${INDEX}/nfts/:id/image`,
    summary: "The NFT's artwork, an SVG the platform generates",
    params: nftParams,
    raw: 'image/svg+xml',
    callers: 'anonymous',
    refusals: { 404: z.null() },
  },
  listCharities: {
    method: 'GET',
    path: `${INDEX}/charities`,
    summary: 'Every charity with what its NFTs raised (summed from the ledger), and the total donated',
    result: charitiesResult,
    callers: 'anonymous',
  },
  getCharity: {
    method: 'GET',
    path: `${INDEX}/charities/:id`,
    summary: 'One charity with what it raised',
    params: charityParams,
    result: charityView,
    callers: 'anonymous',
    refusals: { 404: z.null() },
  },
  getMyNftBid: {
    method: 'GET',
    path: `${USER}/nfts/:id/mine`,
    summary: "The caller's place in one auction: their bidder number, highest bid, whether it leads, whether they own it",
    params: nftParams,
    result: myNftBid,
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  listMyNfts: {
    method: 'GET',
    path: `${USER}/listMyNfts`,
    summary: "The caller's NFTs: auctions they bid in that run, NFTs they own, auctions they lost",
    query: myNftsQuery,
    result: myNftsResult,
    callers: 'customer',
  },
  bidNft: {
    method: 'POST',
    path: `${USER}/nfts/:id/bid`,
    summary:
      "Bids on a running auction: the amount is held from the balance and the previous leader's hold returns, in one step; a bid in the last minutes extends the end. Real account only",
    params: nftParams,
    body: bidNftBody,
    result: nftMoveResult,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode (its `mode`), a bid under the minimum (10016, `minimum`), or a refusal (null).
    refusals: { 404: z.null(), 409: nftRefusalResult.nullable() },
  },
  buyNft: {
    method: 'POST',
    path: `${USER}/buyNft`,
    summary:
      'Buys an NFT now at its buy-now price (as shown): the auction ends, the price goes to the charity, the leading bid is released; answers 20004. Real account only',
    body: buyNftBody,
    result: nftMoveResult,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode (its `mode`), a changed price (10163, `price`), or a refusal (null).
    refusals: { 404: z.null(), 409: nftRefusalResult.nullable() },
  },
  listNftsAdmin: {
    method: 'GET',
    path: `${ADMIN_API}/nfts`,
    summary: 'Every charity and every NFT, as operators manage them',
    result: nftsAdminResult,
    callers: BACKOFFICE_SECTIONS.settings.readers,
  },
  createCharity: {
    method: 'POST',
    path: `${ADMIN_API}/nfts/charities`,
    summary: 'Adds a charity (audited)',
    body: charityBody,
    result: charityView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 409: z.null() },
  },
  updateCharity: {
    method: 'PUT',
    path: `${ADMIN_API}/nfts/charities/:id`,
    summary: "Changes a charity's name, description or link (audited)",
    params: charityParams,
    body: charityBody,
    result: charityView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 404: z.null() },
  },
  createNft: {
    method: 'POST',
    path: `${ADMIN_API}/nfts`,
    summary: 'Lists an NFT for a charity: its auction starts now and ends after the hours given; its artwork is generated (audited)',
    body: nftBody,
    result: nftView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 409: z.null() },
  },
});
