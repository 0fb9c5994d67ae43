import { z } from 'zod';
import { CURRENCY_CODES_LIST, amountIn } from './currencies.ts';
import type { CurrencyCode } from './currencies.ts';
import { TRANSFER_TYPES, USER_ACCOUNT_KINDS } from './ledger-types.ts';
import {
  DEPOSIT_MINIMUMS,
  DEPOSIT_STATES,
  FUNDING_CURRENCIES,
  FUNDING_KEYS,
  FUNDING_NETWORKS,
  FUNDING_NETWORK_NAMES,
  isTransactionHash,
} from './funding-rules.ts';
import type { FundingNetwork } from './funding-rules.ts';
import { money } from './money.ts';
import { V } from './validation-keys.ts';

export * from './funding-rules.ts';

/**
 * The schemas of the funding calls (issue 25): every rule is checked by the client's form and again by the API.
 */
const networkField = z.enum(FUNDING_NETWORK_NAMES as [FundingNetwork, ...FundingNetwork[]], { error: FUNDING_KEYS.networkRequired });

/** What the customer types about a deposit (the deposit form; `recharge` adds the proof). */
const depositFields = z.object({
  currency: z.enum(FUNDING_CURRENCIES, { error: V.invalid }),
  network: networkField,
  txHash: z.string({ error: FUNDING_KEYS.hashRequired }).trim().min(1, { error: FUNDING_KEYS.hashRequired }).max(100),
  last6: z.string({ error: FUNDING_KEYS.last6Required }).trim().min(1, { error: FUNDING_KEYS.last6Required }).max(6),
  amount: z.string({ error: V.amountRequired }).trim().min(1, { error: V.amountRequired }).max(40),
});

/**
 * The rules between the fields (SPEC §5.3): the network is one of the currency's, the hash has the
 * network's shape, the last 6 characters are the hash's (case aside), the amount has no more places than
 * the currency accepts and is at least its minimum.
 */
function checkDeposit(body: z.output<typeof depositFields>, ctx: z.RefinementCtx): void {
  if (FUNDING_NETWORKS[body.network].currency !== body.currency)
    ctx.addIssue({ code: 'custom', path: ['network'], message: FUNDING_KEYS.networkRequired });
  else if (!isTransactionHash(body.network, body.txHash))
    ctx.addIssue({
      code: 'custom',
      path: ['txHash'],
      message: FUNDING_NETWORKS[body.network].chain === 'ethereum' ? FUNDING_KEYS.hashEthereum : FUNDING_KEYS.hashPlain,
    });
  else if (body.last6.toLowerCase() !== body.txHash.slice(-6).toLowerCase())
    ctx.addIssue({ code: 'custom', path: ['last6'], message: FUNDING_KEYS.last6Mismatch });
  const amount = amountIn(body.currency).safeParse(body.amount);
  if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]!.message });
  else if (money(amount.data).lt(DEPOSIT_MINIMUMS[body.currency]))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: FUNDING_KEYS.depositMinimum(body.currency) });
}

/** The deposit form: the fields and their rules, before the proof is uploaded. */
export const depositForm = depositFields.superRefine(checkDeposit);

/** Body of `recharge`: what the customer sent, and the proof of it (an image of their own upload). */
export const rechargeBody = depositFields.extend({ proofId: z.uuid({ error: FUNDING_KEYS.proofRequired }) }).superRefine(checkDeposit);
export type RechargeBody = z.input<typeof rechargeBody>;

/** A deposit as its owner reads it: the facts sent, the review's state, time and reason. */
export const depositView = z.object({
  id: z.number().int(),
  currency: z.enum(FUNDING_CURRENCIES),
  network: networkField,
  amount: z.string(),
  txHash: z.string(),
  last6: z.string(),
  /** The proof image (`GET` it with the owner's session). */
  proofId: z.uuid(),
  state: z.enum(DEPOSIT_STATES),
  submittedAt: z.string(),
  /** An operator has taken the item (the timeline's "in review"). */
  inReview: z.boolean(),
  decidedAt: z.string().nullable(),
  /** The decision's reason code (`reviews.reasons.<code>`), null while pending. */
  reason: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositView>;

export const listRechargeQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  state: z.enum(DEPOSIT_STATES).optional(),
});
export const listRechargeResult = z.object({ items: z.array(depositView), total: z.number().int(), page: z.number().int() });
export type ListRechargeResult = z.infer<typeof listRechargeResult>;

/** The platform's deposit address of each network (the `deposit_address` setting), for the deposit page. */
export const depositAddressesResult = z.object({
  addresses: z.array(z.object({ network: networkField, address: z.string() })),
  /** True when the addresses are a development start's (no real wallet behind them): the page says so. */
  development: z.boolean(),
});
export type DepositAddressesResult = z.infer<typeof depositAddressesResult>;

/** One friend the caller invited: who (masked), when they joined, and the reward their first approved deposit paid. */
const invitedFriend = z.object({
  /** `ab***@example.com`, `+65 ****21`, `0x12…cdef`: enough to recognise, never the whole address. */
  name: z.string(),
  joinedAt: z.string(),
  /** The reward paid for this friend (USDT), or null while their first deposit is not approved. */
  reward: z.string().nullable(),
  rewardedAt: z.string().nullable(),
});
export type InvitedFriend = z.infer<typeof invitedFriend>;

/** `listInvites`: the reward per friend now, the friends (newest first) and what their invitations paid. */
export const listInvitesResult = z.object({
  rewardPerFriend: z.string(),
  currency: z.literal('USDT'),
  friends: z.array(invitedFriend),
  total: z.number().int(),
  rewardsPaid: z.string(),
});
export type ListInvitesResult = z.infer<typeof listInvitesResult>;

/** Where a statement line's money came from or went: one of the caller's accounts, or the platform's side. */
const statementSide = z.enum([...USER_ACCOUNT_KINDS, 'platform']);

/** One ledger transfer of the caller's, as their statement shows it: never another owner's account. */
const statementLine = z.object({
  id: z.number().int(),
  at: z.string(),
  type: z.enum(TRANSFER_TYPES),
  currency: z.string(),
  amount: z.string(),
  from: statementSide,
  to: statementSide,
  /** The business object it belongs to (`contract` 42, `deposit` 7 …). */
  referenceKind: z.string(),
  referenceId: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementQuery = z.object({
  currency: z.enum(CURRENCY_CODES_LIST as [CurrencyCode, ...CurrencyCode[]]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const statementResult = z.object({ items: z.array(statementLine), total: z.number().int(), page: z.number().int() });
export type StatementResult = z.infer<typeof statementResult>;
