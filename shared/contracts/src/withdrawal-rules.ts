// Zod-free: the withdrawal and wallet-link constants and pure helpers (the schemas are in withdrawals.ts).
import type { WalletChain } from './accounts-constants.ts';
import { currencyOf } from './currencies.ts';
import { FUNDING_NETWORKS } from './funding-rules.ts';
import type { FundingCurrency, FundingNetwork } from './funding-rules.ts';
import { money, toReceive } from './money.ts';
import type { Money } from './money.ts';

/**
 * Withdrawals (SPEC §5.5, §5.5a, §5.6): money leaves only to an address the customer linked with their
 * own wallet, past its 24-hour hold, while its signed authorization stands, after a code sent by e-mail.
 */

/** How a withdrawal is paid out: on chain to a linked wallet (the one method for now). */
export const WITHDRAWAL_METHODS = ['wallet'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/**
 * The networks a withdrawal can leave on: those whose chain a browser wallet signs for (EIP-6963 on
 * Ethereum, TronLink on Tron). Bitcoin has no such wallet in the browser, so no Bitcoin address can be
 * linked and authorized, and BTC is not withdrawn (it can be exchanged first).
 */
export const WITHDRAWAL_NETWORKS = ['TRC-20', 'ERC-20', 'Ethereum'] as const satisfies readonly FundingNetwork[];
export type WithdrawalNetwork = (typeof WITHDRAWAL_NETWORKS)[number];

/** The wallet chain of a withdrawal network (a link on Ethereum serves ERC-20 and ETH). */
export const chainOfNetwork = (network: WithdrawalNetwork): WalletChain => FUNDING_NETWORKS[network].chain as WalletChain;

/** The withdrawal networks of a currency (none for BTC). */
export const withdrawalNetworksOf = (currency: FundingCurrency): WithdrawalNetwork[] =>
  WITHDRAWAL_NETWORKS.filter((network) => FUNDING_NETWORKS[network].currency === currency);

/** The smallest withdrawal per currency: well above any fee, so the amount received is never nothing. */
export const WITHDRAWAL_MINIMUMS: Record<FundingCurrency, string> = { USDT: '10', BTC: '0.001', ETH: '0.01' };

/** The hold of a newly linked address before withdrawals may go to it (SPEC §5.5a), unless a test site shortens it. */
export const WALLET_LINK_HOLD_SECONDS = 24 * 60 * 60;

/** Where a withdrawal is: waiting, approved (payout to come), rejected (funds back), paid (hash), failed (funds back). */
export const WITHDRAWAL_STATES = ['pending', 'approved', 'rejected', 'paid', 'failed'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** Withdrawals per page of `listWithdrwal`. */
export const WITHDRAWALS_PAGE_SIZE = 20;

/** The message keys of the withdrawal form (the `common` namespace, like every validation message). */
export const WITHDRAWAL_KEYS = {
  methodRequired: 'validation.selectWithdrawalMethod',
  networkRequired: 'validation.selectNetwork',
  addressRequired: 'validation.enterAddress',
  amountRequired: 'validation.enterWithdrawalAmount',
  minimum: (currency: FundingCurrency) => `validation.withdrawalMinimum.${currency}`,
} as const;

/** The minimums as the i18n default variables the messages name (`{{withdrawalMinimumUSDT}}` …). */
export const WITHDRAWAL_MESSAGE_VARIABLES = {
  withdrawalMinimumUSDT: WITHDRAWAL_MINIMUMS.USDT,
  withdrawalMinimumBTC: WITHDRAWAL_MINIMUMS.BTC,
  withdrawalMinimumETH: WITHDRAWAL_MINIMUMS.ETH,
} as const;

/**
 * The fee and the amount received of a withdrawal (SPEC §0 rule 8, §5.5): the stated percentage of the
 * amount, cut down to the currency's places (never more than stated), deducted from the amount itself.
 * Nothing is ever asked on top.
 */
export function withdrawalFigures(amount: string, feePercent: string, currency: FundingCurrency): { fee: Money; received: Money } {
  const whole = money(amount);
  const fee = toReceive(whole.times(money(feePercent)).dividedBy(100), currencyOf(currency).places);
  return { fee, received: whole.minus(fee) };
}

/** The fields of the USDT authorization a wallet signs (SPEC §5.6). */
export interface WithdrawalAuthorizationFields {
  /** The host that asks (EIP-4361 domain). */
  domain: string;
  /** The site origin (EIP-4361 URI). */
  uri: string;
  chain: WalletChain;
  /** The withdrawal address, as the wallet writes it. */
  address: string;
  /** The customer's account id. */
  accountId: string;
  nonce: string;
  issuedAt: string;
}

/** The main network each chain must be on; the statement names it. */
export const MAIN_NETWORKS: Record<WalletChain, { name: string; chainId: string }> = {
  ethereum: { name: 'Ethereum mainnet', chainId: '1' },
  tron: { name: 'Tron mainnet', chainId: 'mainnet' },
};

const CHAIN_TITLE: Record<WalletChain, string> = { ethereum: 'Ethereum', tron: 'Tron' };

/** The platform's name in the statement. */
const AUTHORIZATION_PLATFORM = 'Meridian';

/**
 * The sentence the wallet signs: what the signature allows, and what it does not (SPEC §0 rules 1, 8).
 * Fixed English, like an EIP-4361 statement, so the server can read the whole message back to the letter.
 */
export const AUTHORIZATION_STATEMENT =
  'I authorize Meridian to pay my USDT, ETH and other withdrawals to this address. This signature moves no funds and grants no token allowance or approval.';

/**
 * The USDT authorization's readable message (SPEC §5.6), in the lines and order of EIP-4361: the
 * platform, the account id, the withdrawal address, the network, a server nonce and the time. Ethereum
 * wallets sign it with `personal_sign`, TronLink with `signMessageV2`; nothing else is ever asked.
 */
export function withdrawalAuthorizationMessage(f: WithdrawalAuthorizationFields): string {
  return [
    `${f.domain} wants you to authorize withdrawals to your ${CHAIN_TITLE[f.chain]} account:`,
    f.address,
    '',
    AUTHORIZATION_STATEMENT,
    '',
    `URI: ${f.uri}`,
    `Platform: ${AUTHORIZATION_PLATFORM}`,
    `Account ID: ${f.accountId}`,
    `Network: ${MAIN_NETWORKS[f.chain].name}`,
    `Chain ID: ${MAIN_NETWORKS[f.chain].chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
  ].join('\n');
}

const AUTHORIZATION_MESSAGE =
  /^(?<domain>[^\s]+) wants you to authorize withdrawals to your (?<title>Ethereum|Tron) account:\n(?<address>[0-9A-Za-z]{26,64})\n\n[^\n]+\n\nURI: (?<uri>[^\s]+)\nPlatform: [^\n]+\nAccount ID: (?<accountId>[0-9a-f-]{36})\nNetwork: [^\n]+\nChain ID: [^\n]+\nNonce: (?<nonce>[A-Za-z0-9]{8,64})\nIssued At: (?<issuedAt>[0-9TZ:.-]+)$/;

/** Reads an authorization message back into its fields; null unless it is one of ours to the letter. */
export function parseWithdrawalAuthorization(message: string): WithdrawalAuthorizationFields | null {
  const m = AUTHORIZATION_MESSAGE.exec(message);
  if (!m?.groups) return null;
  const g = m.groups as Record<string, string>;
  const fields: WithdrawalAuthorizationFields = {
    domain: g.domain!,
    uri: g.uri!,
    chain: g.title === 'Tron' ? 'tron' : 'ethereum',
    address: g.address!,
    accountId: g.accountId!,
    nonce: g.nonce!,
    issuedAt: g.issuedAt!,
  };
  return withdrawalAuthorizationMessage(fields) === message ? fields : null;
}
