import { z } from 'zod';
import { decimalString } from './envelope.ts';
import { ACCOUNT_MODES } from './accounts-constants.ts';
import type { AccountModeName } from './accounts-constants.ts';
import { MAX_MARKET_TOPICS } from './market-types.ts';
import { marketItem, marketTick, marketTopic } from './market.ts';
import { nftAuctionFrame, nftTopic } from './nft.ts';

/** Client → server frames on `/ws`. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('USER_AUTH'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('PING') }),
  /**
   * Replaces what the connection watches; the answer is a full `MARKETS` frame of the instruments, and an
   * `NFT_AUCTION` frame of each NFT topic (`nft:<id>`).
   */
  z.object({ type: z.literal('SUBSCRIBE'), topics: z.array(z.union([marketTopic, nftTopic])).max(MAX_MARKET_TOPICS) }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/**
 * The version of the balance figures' shape (`USER_BALANCE_UPDATE`, `BATCH_USER_BALANCE_UPDATE`,
 * `getUserInfo`). 1: the SPEC §3 fields only (USD). 2 adds, beside them and unchanged in meaning,
 * `currencies` and `estimatedTotalUsd`: a client of version 1 parses a version 2 frame as before.
 */
export const BALANCE_FIGURES_VERSION = 2;

/**
 * One currency of an account (version 2): `balance` the free balance, `total` everything held in it
 * (free, in escrow, on hold; for USD with the floating PnL, less loans), `usdPrice` the live price of
 * one unit in USD (null when no market prices it) and `usdValue` = total × usdPrice.
 */
export const currencyFigures = z.object({
  currency: z.string(),
  balance: decimalString,
  total: decimalString,
  usdPrice: decimalString.nullable(),
  usdValue: decimalString.nullable(),
});
export type CurrencyFigures = z.infer<typeof currencyFigures>;

/** The figures of one account (SPEC §3), as pushed live and as `getUserInfo` answers them. */
export const balanceFigures = {
  baseBalance: decimalString,
  floatingPnL: decimalString,
  totalAssets: decimalString,
  loanAmount: decimalString,
  bondAmount: decimalString,
  profit: decimalString,
  timestamp: z.number().int(),
  /** `BALANCE_FIGURES_VERSION` of the sender; absent from a version 1 sender. */
  version: z.number().int().min(1).optional(),
  /** Version 2: every currency of the account the user holds or has held, in table order. */
  currencies: z.array(currencyFigures).optional(),
  /**
   * Version 2: the sum of the currencies' `usdValue` at live prices — an estimate (prices move; a
   * currency without a price is left out), never a balance.
   */
  estimatedTotalUsd: decimalString.optional(),
};

/**
 * One order's live figures (SPEC §6 `REAL_TIME_PNL` entry); `lastUpdateTime` (epoch ms) is the time of
 * the price they were worked out at — this server always sends it.
 */
export const pnlEntry = z.object({
  pnl: decimalString,
  pnlPercent: decimalString,
  price: decimalString,
  lastUpdateTime: z.number().int().optional(),
});

/**
 * The version of the `USER_EVENT` frame's shape. 1: `userId` and `refresh`. A later version may name
 * more keys: a client skips the entries it does not know and refreshes the rest.
 */
export const USER_EVENT_VERSION = 1;

/**
 * What a `USER_EVENT` may ask a page to read again: names of the platform's shared query-key factories
 * (`sharedQueryKeys`), each for the receiving user. `user`: everything of the user's account data;
 * `userFigures`: their figures (one account mode when `mode` is given); `userNotifications`: their notifications;
 * `userFunding`: their deposits and withdrawals.
 */
export const USER_EVENT_KEYS = [
  'user',
  'userFigures',
  'userNotifications',
  'userFunding',
  'userLoans',
  'userKyc',
  'userPlans',
  'userNfts',
] as const;
export type UserEventKey = (typeof USER_EVENT_KEYS)[number];

/** One query a `USER_EVENT` names, as the server sends it (the key's name and its parameters). */
export interface RefreshRequest {
  key: UserEventKey;
  mode?: AccountModeName;
}

/** Received entries: the name is any string (a newer server may name keys this client does not know). */
const refreshEntry = z.object({ key: z.string().min(1).max(64), mode: z.enum(ACCOUNT_MODES).optional() });

/** At most this many queries in one `USER_EVENT`. */
export const MAX_REFRESH_KEYS = 16;

/** Server → client frames on `/ws` (SPEC §6). */
export const serverFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AUTH_SUCCESS'), message: z.string() }),
  z.object({ type: z.literal('AUTH_FAILED'), message: z.string() }),
  z.object({ type: z.literal('PONG') }),
  /**
   * The instruments a connection watches. `full` (the first frame after connecting or subscribing):
   * exactly these, replacing what the client held; otherwise added to it.
   */
  z.object({ type: z.literal('MARKETS'), full: z.boolean(), simulated: z.boolean(), data: z.array(marketItem) }),
  /** At most one a second: the watched instruments whose price changed since the last frame. */
  z.object({ type: z.literal('TICKS'), simulated: z.boolean(), time: z.number().int(), data: z.array(marketTick) }),
  /** `mode` (beyond the seed) says which account the orders are of; clients show only their current mode's. */
  z.object({ type: z.literal('REAL_TIME_PNL'), mode: z.enum(ACCOUNT_MODES).optional(), data: z.record(z.string(), pnlEntry) }),
  /**
   * One change moved several of the user's orders (a tick): `{userId: {orderId: entry}}`, keyed by the
   * receiver's own user id only (SPEC §0 rule 7).
   */
  z.object({
    type: z.literal('BATCH_REAL_TIME_PNL'),
    mode: z.enum(ACCOUNT_MODES).optional(),
    data: z.record(z.string(), z.record(z.string(), pnlEntry)),
  }),
  /** `mode` (beyond the seed) says which account the figures are of; clients show only their current mode's. */
  z.object({ type: z.literal('USER_BALANCE_UPDATE'), userId: z.string(), mode: z.enum(ACCOUNT_MODES).optional(), ...balanceFigures }),
  /** One change settled or closed several of the user's orders: `{userId: figures}`, the receiver's own id only. */
  z.object({
    type: z.literal('BATCH_USER_BALANCE_UPDATE'),
    mode: z.enum(ACCOUNT_MODES).optional(),
    data: z.record(z.string(), z.object(balanceFigures)),
  }),
  /**
   * Beyond the seed: the user switched account mode (switchMode, in any window or device). Sent to that
   * user's own connections only; a window on the other mode follows it (SPEC §0 rule 5).
   */
  z.object({ type: z.literal('ACCOUNT_MODE'), mode: z.enum(ACCOUNT_MODES) }),
  /**
   * Beyond the seed: something changed the user's data elsewhere (an operator's decision, another
   * domain's work); the page reads the named queries again. Sent to that user's own connections only.
   * Additive: a client older than the frame finds no such type and drops it, as before.
   */
  z.object({
    type: z.literal('USER_EVENT'),
    version: z.number().int().min(1),
    userId: z.string(),
    refresh: z.array(refreshEntry).min(1).max(MAX_REFRESH_KEYS),
  }),
  /** Beyond the seed: a bid, a close or a purchase of an NFT a connection watches (`nft:<id>`, public). */
  nftAuctionFrame,
]);
export type ServerFrame = z.infer<typeof serverFrame>;
export type MarketsFrame = Extract<ServerFrame, { type: 'MARKETS' }>;
export type TicksFrame = Extract<ServerFrame, { type: 'TICKS' }>;
export type BalanceUpdate = Extract<ServerFrame, { type: 'USER_BALANCE_UPDATE' }>;
export type AccountModeFrame = Extract<ServerFrame, { type: 'ACCOUNT_MODE' }>;
export type UserEventFrame = Extract<ServerFrame, { type: 'USER_EVENT' }>;
