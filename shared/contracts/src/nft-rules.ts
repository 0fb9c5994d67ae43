// Zod-free: charity NFT auctions (SPEC §1, §3, issue 28) — the states, the chains, the auction's timing
// rules and the minimum bid, shared by the API, the market remote and the back-office. The schemas are in nft.ts.
import { Money, money } from './money.ts';
import type { MoneyInput } from './money.ts';

/** NFTs are bid on and bought in the trading account's currency (the real account only). */
export const NFT_CURRENCY = 'USD';
/** Prices and bids are whole cents. */
export const NFT_PLACES = 2;

/** live (bids taken until its end) → sold (a winning bid or a buy-now; the charity is owed the price) | unsold (ended with no bid). */
export const NFT_STATES = ['live', 'sold', 'unsold'] as const;
export type NftState = (typeof NFT_STATES)[number];

/** The chains an NFT is minted on (shown; no token moves on a chain here). */
export const NFT_CHAINS = ['ethereum', 'tron', 'polygon'] as const;
export type NftChain = (typeof NFT_CHAINS)[number];

/**
 * Anti-sniping (stated on the auction's page): a bid in the last `NFT_SNIPING_WINDOW_MS` of an auction
 * moves its end to `NFT_EXTENSION_MS` after that bid, so nobody wins by bidding in its last second.
 */
export const NFT_SNIPING_WINDOW_MS = 5 * 60 * 1000;
export const NFT_EXTENSION_MS = 5 * 60 * 1000;

/** The market's orders: ending soonest, newest, current price up or down. */
export const NFT_SORTS = ['ending', 'newest', 'price_asc', 'price_desc'] as const;
export type NftSort = (typeof NFT_SORTS)[number];
/** The market's status filter: running auctions, ended ones (sold or unsold), or all. */
export const NFT_FILTERS = ['live', 'ended', 'all'] as const;
export type NftFilter = (typeof NFT_FILTERS)[number];
/** My NFTs: auctions I bid in that still run, NFTs I own (won or bought), auctions I bid in and lost. */
export const MY_NFT_TABS = ['bidding', 'owned', 'lost'] as const;
export type MyNftTab = (typeof MY_NFT_TABS)[number];

export const NFT_PAGE_SIZE = 12;
/** The bids an NFT's page shows (newest first); the count says how many there were. */
export const NFT_BIDS_SHOWN = 50;
/** An auction's length when an operator lists an NFT: from one hour to 30 days. */
export const NFT_DURATION_HOURS_MAX = 720;
/** The largest price an NFT may be listed at or bid, in NFT_CURRENCY. */
export const NFT_PRICE_MAX = '10000000';
/** Charities at most (the back-office lists them whole). */
export const NFT_CHARITIES_MAX = 100;

/** The validation messages of the bid form and the back-office editors. */
export const NFT_KEYS = {
  bidRequired: 'validation.enterBidAmount',
  bidTooLow: 'validation.bidBelowMinimum',
  nameRequired: 'validation.enterNftName',
  creatorRequired: 'validation.enterNftCreator',
  charityRequired: 'validation.selectCharity',
  charityNameRequired: 'validation.enterCharityName',
  urlInvalid: 'validation.urlInvalid',
  buyNowTooLow: 'validation.buyNowBelowReserve',
  durationInvalid: 'validation.auctionDurationInvalid',
} as const;

const cents = (value: Money) => value.toDecimalPlaces(NFT_PLACES, Money.ROUND_UP);

/**
 * The least the next bid may be: the reserve price while nobody has bid, else the current bid plus the
 * minimum increment (to the cent, rounded up).
 */
export function nftMinimumBid(reservePrice: MoneyInput, currentBid: MoneyInput | null, minIncrement: MoneyInput): Money {
  return currentBid === null ? cents(money(reservePrice)) : cents(money(currentBid).plus(minIncrement));
}

/**
 * Whether buying now is offered: the NFT has a buy-now price, the auction runs, and the bids have not
 * reached that price (a bid at or above it makes the auction the way to buy).
 */
export function nftBuyNowOpen(state: NftState, buyNowPrice: MoneyInput | null, currentBid: MoneyInput | null): boolean {
  if (state !== 'live' || buyNowPrice === null) return false;
  return currentBid === null || money(currentBid).lt(buyNowPrice);
}

/** The auction's end after a bid at `at`: moved to `at + NFT_EXTENSION_MS` when the bid came in its last window. */
export function nftEndAfterBid(endsAt: number, at: number): number {
  return endsAt - at <= NFT_SNIPING_WINDOW_MS ? Math.max(endsAt, at + NFT_EXTENSION_MS) : endsAt;
}
