// Zod-free: the funding constants and pure helpers (the schemas are in funding.ts).
import { CURRENCIES } from './currencies.ts';
import type { CurrencyCode } from './currencies.ts';

/**
 * Funding (issue 25): the networks money arrives and leaves on and the deposit rules of SPEC §5.3,
 * checked by the client's form and again by the API (the schemas in funding.ts).
 */

/** The currencies funded on a network: everything but USD, the trading currency. */
export const FUNDING_CURRENCIES = ['USDT', 'BTC', 'ETH'] as const satisfies readonly CurrencyCode[];
export type FundingCurrency = (typeof FUNDING_CURRENCIES)[number];

/**
 * The networks (SPEC §5.3: USDT on ERC-20 and TRC-20, BTC, ETH), each with the chain it runs on, the
 * shape of its transaction hashes (`0x` + 64 hex digits on Ethereum, 64 bare hex digits on Tron and
 * Bitcoin) and the explorer page of a transaction, for the customer's timeline and the operator's check.
 */
export const FUNDING_NETWORKS = {
  'TRC-20': { currency: 'USDT', chain: 'tron', explorerTx: 'https://tronscan.org/#/transaction/' },
  'ERC-20': { currency: 'USDT', chain: 'ethereum', explorerTx: 'https://etherscan.io/tx/' },
  Bitcoin: { currency: 'BTC', chain: 'bitcoin', explorerTx: 'https://mempool.space/tx/' },
  Ethereum: { currency: 'ETH', chain: 'ethereum', explorerTx: 'https://etherscan.io/tx/' },
} as const satisfies Record<string, { currency: FundingCurrency; chain: string; explorerTx: string }>;
export type FundingNetwork = keyof typeof FUNDING_NETWORKS;
export const FUNDING_NETWORK_NAMES = Object.keys(FUNDING_NETWORKS) as FundingNetwork[];

/** The networks of a currency, in the currency table's order. */
export const networksOf = (currency: FundingCurrency): FundingNetwork[] =>
  [...(CURRENCIES.find((c) => c.code === currency)?.networks ?? [])] as FundingNetwork[];

/** A transaction hash of a network, as its explorer writes it. */
export function isTransactionHash(network: FundingNetwork, hash: string): boolean {
  return FUNDING_NETWORKS[network].chain === 'ethereum' ? /^0x[0-9a-fA-F]{64}$/.test(hash) : /^[0-9a-fA-F]{64}$/.test(hash);
}

/** The explorer page of a transaction of a network. */
export const explorerLink = (network: FundingNetwork, hash: string): string => `${FUNDING_NETWORKS[network].explorerTx}${hash}`;

/** The smallest deposit per currency (SPEC §5.3); the messages quote these through `DEPOSIT_MESSAGE_VARIABLES`. */
export const DEPOSIT_MINIMUMS: Record<FundingCurrency, string> = { USDT: '120', BTC: '0.015', ETH: '0.2' };

/** The minimums as the i18n default variables the messages name (`{{depositMinimumUSDT}}` …). */
export const DEPOSIT_MESSAGE_VARIABLES = {
  depositMinimumUSDT: DEPOSIT_MINIMUMS.USDT,
  depositMinimumBTC: DEPOSIT_MINIMUMS.BTC,
  depositMinimumETH: DEPOSIT_MINIMUMS.ETH,
} as const;

/** The message keys of the deposit form (the `common` namespace, like every validation message). */
export const FUNDING_KEYS = {
  hashRequired: 'validation.enterTransactionHash',
  hashEthereum: 'validation.transactionHashEthereum',
  hashPlain: 'validation.transactionHashPlain',
  last6Required: 'validation.enterLast6',
  last6Mismatch: 'validation.last6Mismatch',
  proofRequired: 'validation.uploadReceipt',
  networkRequired: 'validation.selectNetwork',
  depositMinimum: (currency: FundingCurrency) => `validation.depositMinimum.${currency}`,
} as const;

/** Where a deposit is: waiting for its review, approved (and credited at once), or rejected with a reason. */
export const DEPOSIT_STATES = ['pending', 'approved', 'rejected'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** Deposits per page of `listRecharge`. */
export const DEPOSITS_PAGE_SIZE = 20;

/** Lines per page of `listStatement`. */
export const STATEMENT_PAGE_SIZE = 25;
