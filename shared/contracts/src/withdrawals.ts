import { z } from 'zod';
import { codeField } from './accounts.ts';
import { WALLET_CHAINS } from './accounts-constants.ts';
import { amountIn } from './currencies.ts';
import { FUNDING_CURRENCIES, FUNDING_NETWORKS } from './funding-rules.ts';
import { money } from './money.ts';
import { V } from './validation-keys.ts';
import { WITHDRAWAL_KEYS, WITHDRAWAL_METHODS, WITHDRAWAL_MINIMUMS, WITHDRAWAL_NETWORKS, WITHDRAWAL_STATES } from './withdrawal-rules.ts';

export * from './withdrawal-rules.ts';

/**
 * The schemas of withdrawals, wallet links and the USDT authorization (issue 25, SPEC §5.5–5.6): every
 * rule is checked by the client's form and again by the API.
 */
const withdrawalFields = z.object({
  currency: z.enum(FUNDING_CURRENCIES, { error: V.invalid }),
  method: z.enum(WITHDRAWAL_METHODS, { error: WITHDRAWAL_KEYS.methodRequired }),
  network: z.enum(WITHDRAWAL_NETWORKS, { error: WITHDRAWAL_KEYS.networkRequired }),
  /** One of the caller's linked addresses on the network's chain. */
  address: z.string({ error: WITHDRAWAL_KEYS.addressRequired }).trim().min(1, { error: WITHDRAWAL_KEYS.addressRequired }).max(64),
  amount: z.string({ error: WITHDRAWAL_KEYS.amountRequired }).trim().min(1, { error: WITHDRAWAL_KEYS.amountRequired }).max(40),
});

/** The network is one of the currency's, the amount fits the currency's places and is at least its minimum. */
function checkWithdrawal(body: z.output<typeof withdrawalFields>, ctx: z.RefinementCtx): void {
  if (FUNDING_NETWORKS[body.network].currency !== body.currency)
    ctx.addIssue({ code: 'custom', path: ['network'], message: WITHDRAWAL_KEYS.networkRequired });
  const amount = amountIn(body.currency, WITHDRAWAL_KEYS.amountRequired).safeParse(body.amount);
  if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]!.message });
  else if (money(amount.data).lt(WITHDRAWAL_MINIMUMS[body.currency]))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_KEYS.minimum(body.currency) });
}

/** The withdrawal form: the request and the e-mailed code (the client adds the fee it showed). */
export const withdrawalForm = withdrawalFields.extend({ code: codeField }).superRefine(checkWithdrawal);

/**
 * Body of `withdrawal`: the request, the fee the customer was shown (the API refuses another, 10134) and
 * the code e-mailed to confirm it (SPEC §5.5a).
 */
export const withdrawalBody = withdrawalFields
  .extend({
    code: codeField,
    fee: z
      .string()
      .trim()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, { error: V.invalid }),
  })
  .superRefine(checkWithdrawal);
export type WithdrawalBody = z.input<typeof withdrawalBody>;

/** A withdrawal as its owner reads it: the request, the figures, the review's state, time, reason and payout hash. */
export const withdrawalView = z.object({
  id: z.number().int(),
  currency: z.enum(FUNDING_CURRENCIES),
  method: z.enum(WITHDRAWAL_METHODS),
  network: z.enum(WITHDRAWAL_NETWORKS),
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  submittedAt: z.string(),
  /** An operator has taken the item (the timeline's "in review"). */
  inReview: z.boolean(),
  decidedAt: z.string().nullable(),
  /** The reason code of a rejection or a failed payout (`reviews.reasons.<code>`). */
  reason: z.string().nullable(),
  payoutHash: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const listWithdrawalQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  state: z.enum(WITHDRAWAL_STATES).optional(),
});
export const listWithdrawalResult = z.object({ items: z.array(withdrawalView), total: z.number().int(), page: z.number().int() });
export type ListWithdrawalResult = z.infer<typeof listWithdrawalResult>;

/** `sendWithdrawalCode`: where the code went (masked) and when another may be asked for. */
export const withdrawalCodeResult = z.object({
  sentTo: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type WithdrawalCodeResult = z.infer<typeof withdrawalCodeResult>;

/** One linked withdrawal address: its hold, and its authorization while it stands. */
export const walletLinkView = z.object({
  id: z.number().int(),
  chain: z.enum(WALLET_CHAINS),
  address: z.string(),
  linkedAt: z.string(),
  /** Withdrawals may go to it from this moment (the 24-hour hold's end). */
  usableAt: z.string(),
  /** The signed statement's time while the authorization stands; null once revoked. */
  authorizedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type WalletLinkView = z.infer<typeof walletLinkView>;

/** `withdrawalAuth`: the caller's linked addresses and their authorizations, and the hold a new one starts. */
export const withdrawalAuthResult = z.object({
  links: z.array(walletLinkView),
  holdSeconds: z.number().int(),
  /** Where the code and the cancel links go (masked); null when the account has no e-mail (withdrawals need one). */
  email: z.string().nullable(),
});
export type WithdrawalAuthResult = z.infer<typeof withdrawalAuthResult>;

/** Body of `authorizationNonce`: the chain the wallet signs on. */
export const authorizationNonceBody = z.object({ chain: z.enum(WALLET_CHAINS) });

/** What the authorization message must carry for this site and account (the wallet signs it). */
export const authorizationNonceResult = z.object({
  nonce: z.string(),
  issuedAt: z.string(),
  domain: z.string(),
  uri: z.string(),
  accountId: z.string(),
});
export type AuthorizationNonceResult = z.infer<typeof authorizationNonceResult>;

/**
 * `updateUsdtAuth`: store a signed authorization (linking the address, with its hold, when it is new) or
 * revoke one (SPEC §5.6: revoke deletes it).
 */
export const updateUsdtAuthBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('sign'),
    chain: z.enum(WALLET_CHAINS),
    address: z.string().trim().min(26).max(64),
    message: z.string().min(1).max(2000),
    signature: z.string().min(1).max(400),
  }),
  z.object({ action: z.literal('revoke'), linkId: z.number().int().min(1).max(2_147_483_647) }),
]);
export type UpdateUsdtAuthBody = z.input<typeof updateUsdtAuthBody>;

/** `cancelWalletLink`: the token of the cancel link e-mailed when the address was linked. */
export const cancelWalletLinkBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, { error: V.invalid }) });
export const cancelWalletLinkResult = z.object({ chain: z.enum(WALLET_CHAINS), address: z.string() });
