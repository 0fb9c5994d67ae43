import { z } from 'zod';
import { ACCOUNT_MODES } from './accounts-constants.ts';
import { isAmount, money } from './money.ts';
import {
  MY_NFT_TABS,
  NFT_CHAINS,
  NFT_DURATION_HOURS_MAX,
  NFT_FILTERS,
  NFT_KEYS,
  NFT_PRICE_MAX,
  NFT_SORTS,
  NFT_STATES,
} from './nft-rules.ts';
import { V } from './validation-keys.ts';

export * from './nft-rules.ts';

/** A price in whole cents, more than 0 and at most `NFT_PRICE_MAX`. */
const price = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { error: V.amountInvalid })
    .refine((text) => /[1-9]/.test(text), { error: V.amountInvalid })
    .refine((text) => !isAmount(text, 2) || money(text).lte(NFT_PRICE_MAX), { error: V.amountInvalid });

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A lone UTF-16 surrogate: text that no database or JSON column can hold (refused, never stored). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Operator-typed text, trimmed, at most `max` characters, well-formed. */
const text = (max: number, requiredKey?: string) => {
  const base = z.string(requiredKey ? { error: requiredKey } : undefined).trim();
  return (requiredKey ? base.min(1, { error: requiredKey }) : base).max(max).refine((t) => !LONE_SURROGATE.test(t), { error: V.invalid });
};

/** A charity as everyone reads it: what it is, where to read more, and what its NFTs raised (from the ledger). */
export const charityView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  /** The sum of the sale transfers of its NFTs to the charity account (never typed in). */
  raised: z.string(),
  nftCount: z.number().int(),
});
export type CharityView = z.infer<typeof charityView>;

/** A bid as everyone sees it: the bidder by their number in this auction only, never their identity. */
const nftBidView = z.object({
  bidder: z.number().int(),
  amount: z.string(),
  at: z.string(),
});
export type NftBidView = z.infer<typeof nftBidView>;

/**
 * An NFT and its auction, as the market shows it. `leader` and `owner` are bidder numbers in this
 * auction (a buy-now buyer gets one too: the purchase is listed with the bids), never identities (SPEC §0 rule 7). `donated` is the sum
 * of its sale transfers to the charity account (ledger), 0 until it is sold.
 */
export const nftView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The artwork (an SVG the project generates), same-origin. */
  image: z.string(),
  creator: z.string(),
  chain: z.enum(NFT_CHAINS),
  charity: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  reservePrice: z.string(),
  buyNowPrice: z.string().nullable(),
  minIncrement: z.string(),
  currentBid: z.string().nullable(),
  /** The least the next bid may be (the reserve, or the current bid plus the increment). */
  minimumBid: z.string(),
  buyNowOpen: z.boolean(),
  bidCount: z.number().int(),
  leader: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The end as listed, before any anti-sniping extension. */
  listedEndsAt: z.string(),
  state: z.enum(NFT_STATES),
  /** Sold: the price paid, how (a winning bid or buy now) and the bidder number of the owner. */
  soldPrice: z.string().nullable(),
  soldBy: z.enum(['auction', 'buy_now']).nullable(),
  owner: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  donated: z.string(),
});
export type NftView = z.infer<typeof nftView>;

export const listNftQuery = z.object({
  status: z.enum(NFT_FILTERS).default('live'),
  sort: z.enum(NFT_SORTS).default('ending'),
  charityId: id.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListNftQuery = z.infer<typeof listNftQuery>;

/**
 * `listNft`: one page of NFTs, the total donated through every sale (ledger), and `now`: the auctions'
 * clock when the answer was made (countdowns do not depend on the reader's clock).
 */
export const listNftResult = z.object({
  items: z.array(nftView),
  total: z.number().int(),
  page: z.number().int(),
  donatedTotal: z.string(),
  currency: z.string(),
  now: z.string(),
});
export type ListNftResult = z.infer<typeof listNftResult>;

export const nftParams = z.object({ id });

/** An NFT with its newest bids (`NFT_BIDS_SHOWN`) and its charity. */
export const nftDetail = z.object({
  nft: nftView,
  bids: z.array(nftBidView),
  charity: charityView,
  now: z.string(),
});
export type NftDetail = z.infer<typeof nftDetail>;

/**
 * The caller's place in one auction (`getMyNftBid`): their bidder number (null before their first bid),
 * their highest bid, and whether it leads now (its funds are held) — an outbid is `leading` false.
 */
export const myNftBid = z.object({
  nftId: z.number().int(),
  bidder: z.number().int().nullable(),
  highest: z.string().nullable(),
  leading: z.boolean(),
  owner: z.boolean(),
});
export type MyNftBid = z.infer<typeof myNftBid>;

/** Body of `bidNft`: the amount, at least the minimum bid shown (else 10016 with the minimum now). */
export const bidNftBody = z.object({ amount: price(NFT_KEYS.bidRequired) });
export type BidNftBody = z.input<typeof bidNftBody>;

/** Body of `buyNft` (SPEC §5): the NFT and the buy-now price the customer was shown (a changed one: 10163). */
export const buyNftBody = z.object({ id: z.number({ error: V.invalid }).int().min(1).max(2_147_483_647), price: price(V.amountInvalid) });
export type BuyNftBody = z.input<typeof buyNftBody>;

/** What a bid or a purchase answers: the NFT as it stands and the caller's place in it. */
export const nftMoveResult = z.object({ nft: nftView, mine: myNftBid });
export type NftMoveResult = z.infer<typeof nftMoveResult>;

/** A refusal of `bidNft` / `buyNft`: the account mode in use (10110), the minimum bid now (10016), the buy-now price now (10163). */
// (accounts.ts's accountModeChangedResult, not imported: accounts.ts reads live.ts, which reads this file.)
export const nftRefusalResult = z.object({
  mode: z.enum(ACCOUNT_MODES).optional(),
  minimum: z.string().optional(),
  price: z.string().nullable().optional(),
});

export const myNftsQuery = z.object({
  tab: z.enum(MY_NFT_TABS).default('bidding'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** `listMyNfts`: the NFTs of one tab, each with the caller's place in it. */
export const myNftsResult = z.object({
  items: z.array(z.object({ nft: nftView, mine: myNftBid })),
  total: z.number().int(),
  page: z.number().int(),
  now: z.string(),
});
export type MyNftsResult = z.infer<typeof myNftsResult>;

/** `listCharities`: every charity with what it raised, and the total donated. */
export const charitiesResult = z.object({ items: z.array(charityView), donatedTotal: z.string(), currency: z.string() });
export type CharitiesResult = z.infer<typeof charitiesResult>;
export const charityParams = z.object({ id });

/** A charity as operators add or change it (back-office, audited). */
export const charityBody = z.object({
  name: text(80, NFT_KEYS.charityNameRequired),
  description: text(1000).default(''),
  url: z
    .string({ error: NFT_KEYS.urlInvalid })
    .trim()
    .max(300)
    .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, { error: NFT_KEYS.urlInvalid })
    .refine((t) => !LONE_SURROGATE.test(t), { error: NFT_KEYS.urlInvalid }),
});
export type CharityBody = z.input<typeof charityBody>;

/**
 * An NFT as operators list it (back-office, audited): its auction starts at once and ends after
 * `durationHours`; its artwork is generated from its name. The buy-now price, when set, is above the reserve.
 */
export const nftBody = z
  .object({
    name: text(80, NFT_KEYS.nameRequired),
    description: text(1000).default(''),
    creator: text(80, NFT_KEYS.creatorRequired),
    chain: z.enum(NFT_CHAINS),
    charityId: z.number({ error: NFT_KEYS.charityRequired }).int().min(1, { error: NFT_KEYS.charityRequired }).max(2_147_483_647),
    reservePrice: price(V.amountInvalid),
    buyNowPrice: z.union([z.literal(''), price(V.amountInvalid)]).default(''),
    minIncrement: price(V.amountInvalid),
    durationHours: z
      .number({ error: NFT_KEYS.durationInvalid })
      .int({ error: NFT_KEYS.durationInvalid })
      .min(1, { error: NFT_KEYS.durationInvalid })
      .max(NFT_DURATION_HOURS_MAX, { error: NFT_KEYS.durationInvalid }),
  })
  .refine(
    (b) => b.buyNowPrice === '' || !isAmount(b.reservePrice, 2) || !isAmount(b.buyNowPrice, 2) || money(b.buyNowPrice).gt(b.reservePrice),
    {
      error: NFT_KEYS.buyNowTooLow,
      path: ['buyNowPrice'],
    },
  );
export type NftBody = z.input<typeof nftBody>;

/** The back-office's view: every charity and every NFT (newest first). */
export const nftsAdminResult = z.object({ charities: z.array(charityView), nfts: z.array(nftView), now: z.string() });
export type NftsAdminResult = z.infer<typeof nftsAdminResult>;

/**
 * The live frame of one NFT's topic (`nft:<id>`, public): a bid (with the new end when it extended the
 * auction), a close, or a purchase. It carries the NFT as it stands, so a watcher needs no read.
 */
export const nftAuctionFrame = z.object({
  type: z.literal('NFT_AUCTION'),
  /** `snapshot`: the NFT as it stands, sent when a connection starts watching it. */
  event: z.enum(['snapshot', 'bid', 'closed', 'bought']),
  nft: nftView,
  bid: nftBidView.nullable(),
  extended: z.boolean(),
});
export type NftAuctionFrame = z.infer<typeof nftAuctionFrame>;

/** An NFT's live topic. */
export const nftTopic = z.string().regex(/^nft:[1-9]\d{0,8}$/);
export const nftTopicOf = (nftId: number): string => `nft:${nftId}`;
