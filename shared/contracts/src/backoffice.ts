import { z } from 'zod';
import { passwordField } from './accounts.ts';
import { ACCOUNT_MODES } from './accounts-constants.ts';
import { amountField } from './trading.ts';
import { amountIn } from './currencies.ts';
import { FUNDING_NETWORKS, FUNDING_NETWORK_NAMES } from './funding-rules.ts';
import type { FundingNetwork } from './funding-rules.ts';
import { isAmount, money } from './money.ts';
import { AUDIT_ACTIONS, OPERATOR_ROLES, REVIEW_KINDS, REVIEW_REASONS, REVIEW_STATES, ALL_REASON_CODES } from './operators.ts';
import { PARAM_KEYS } from './param-keys.ts';
import { parseLoanProducts } from './loan-rules.ts';
import { reviewFields } from './reviews.ts';
import { emailField } from './validation.ts';
import { V } from './validation-keys.ts';
import { OPERATOR_NOTE_MAX, USER_NOTE_MAX } from './message-limits.ts';

/** The page a back-office list is asked for, from 1. */
const listPage = z.coerce.number().int().min(1).max(10_000).default(1);
/** One page of a back-office list: its rows and the count of all that match. */
function listPageOf<Row extends z.ZodType>(row: Row) {
  return z.object({ items: z.array(row), total: z.number().int() });
}

/** A six-digit code from an authenticator app. */
export const totpCode = z
  .string({ error: V.codeRequired })
  .trim()
  .regex(/^\d{6}$/, { error: V.codeFormat });

export const operatorRole = z.enum(OPERATOR_ROLES);
export const operatorView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRole),
  status: z.enum(['invited', 'active', 'deactivated']),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type OperatorView = z.infer<typeof operatorView>;

export const operatorSignInBody = z.object({
  email: emailField,
  password: z.string({ error: V.passwordRequired }).min(1, { error: V.passwordRequired }).max(128, { error: V.passwordRule }),
  code: totpCode,
});
export type OperatorSignInBody = z.input<typeof operatorSignInBody>;

export const operatorSession = z.object({ token: z.string(), expiresIn: z.number().int(), operator: operatorView });
export type OperatorSession = z.infer<typeof operatorSession>;

/** A set-up link's token (first admin or invitation). */
export const setupTokenBody = z.object({ token: z.string({ error: V.invalid }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: V.invalid }) });

/** What the set-up page shows: who is being set up and the authenticator secret to enrol. */
export const setupInfo = z.object({
  email: z.string().nullable(),
  name: z.string(),
  roles: z.array(operatorRole),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type SetupInfo = z.infer<typeof setupInfo>;

export const operatorName = z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(80, { error: V.invalid });

export const completeSetupBody = z.object({
  token: setupTokenBody.shape.token,
  /** Only the first admin names their own email; an invitation fixed it. */
  email: emailField.optional(),
  name: operatorName.optional(),
  password: passwordField,
  code: totpCode,
});
export type CompleteSetupBody = z.input<typeof completeSetupBody>;

export const inviteOperatorBody = z.object({
  email: emailField,
  name: operatorName,
  roles: z.array(operatorRole).min(1, { error: V.invalid }).max(OPERATOR_ROLES.length),
});
export type InviteOperatorBody = z.input<typeof inviteOperatorBody>;
export const inviteResult = z.object({ operator: operatorView, setupLink: z.string() });

export const uuidParams = z.object({ id: z.uuid({ error: V.invalid }) });
export const numericIdParams = z.object({ id: z.coerce.number({ error: V.invalid }).int().min(1).max(2_147_483_647) });

/* ---------------------------------------------------------------- reviews */

export const reviewKind = z.enum(REVIEW_KINDS);
export const reviewState = z.enum(REVIEW_STATES);
export const reasonCode = z.enum(ALL_REASON_CODES as unknown as [string, ...string[]]);

export const reviewView = z.object({
  id: z.number().int(),
  kind: reviewKind,
  state: reviewState,
  subject: z.string(),
  /** The customer the item is about (null for an anonymous support visitor). */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  assignee: z.string().nullable(),
  proposedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reasonCode: z.string().nullable(),
  note: z.string().nullable(),
  payload: z.record(z.string(), z.string()),
  enqueuedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Seconds waited so far (pending) or until decided, and the stated limit. */
  waitedSeconds: z.number().int(),
  limitSeconds: z.number().int(),
  overdue: z.boolean(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const listReviewsQuery = z.object({
  kind: reviewKind.optional(),
  state: reviewState.optional(),
  page: listPage,
});
export type ListReviewsQuery = z.input<typeof listReviewsQuery>;
export const listReviewsResult = listPageOf(reviewView);

export const decideReviewBody = z.object({
  decision: z.enum(['approve', 'reject']),
  reasonCode,
  note: z.string().trim().max(OPERATOR_NOTE_MAX, { error: V.noteTooLong }).optional(),
  /** What the kind's decision carries beyond its reason (checked by `decisionFieldsSchema`; kept in the payload). */
  fields: reviewFields,
});
export type DecideReviewBody = z.input<typeof decideReviewBody>;

export const queueCount = z.object({
  kind: reviewKind,
  pending: z.number().int(),
  overdue: z.number().int(),
  oldestEnqueuedAt: z.string().nullable(),
  limitSeconds: z.number().int(),
});
export const dashboardResult = z.object({ queues: z.array(queueCount), operator: operatorView });
export type DashboardResult = z.infer<typeof dashboardResult>;

/** Reason codes per kind (the back-office offers only the kind's own). */
export const reasonsByKind = REVIEW_REASONS;

/* ---------------------------------------------------------------- settings and products */

export const settingView = z.object({
  key: z.enum(PARAM_KEYS),
  value: z.string(),
  updatedAt: z.string(),
  userFacing: z.boolean(),
  /** `auth_address` only: the addresses a development start made up (no real payout wallet). */
  development: z.boolean().optional(),
});
export const listSettingsResult = z.array(settingView);
export const settingKeyParams = z.object({ key: z.enum(PARAM_KEYS, { error: V.invalid }) });
export const updateSettingBody = z.object({ value: z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(2000) });

const percentText = z.string().refine((t) => isAmount(t, 4) && money(t).lte(100), { error: V.amountInvalid });
/** A fee may be 0 (no fee); otherwise a percentage as above. */
const feePercentText = z.string().refine((t) => /^0+(\.0+)?$/.test(t) || (isAmount(t, 4) && money(t).lte(100)), { error: V.amountInvalid });

/** An address of a funding network's chain, by its shape (`0x` + 40 hex, `T` + 33 base58, `bc1…` or `1…`/`3…`). */
function looksLikeDepositAddress(network: string, address: string): boolean {
  if (!(FUNDING_NETWORK_NAMES as readonly string[]).includes(network)) return false;
  const chain = FUNDING_NETWORKS[network as FundingNetwork].chain;
  if (chain === 'ethereum') return /^0x[0-9a-fA-F]{40}$/.test(address);
  if (chain === 'tron') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address);
  return /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(address);
}

/** Each setting's own rule: percentages within 0–100 with ≤ 4 places, whole days, an address map. */
export const SETTING_RULES: Record<(typeof PARAM_KEYS)[number], z.ZodType<string>> = {
  withdrawal_fee_percent: feePercentText,
  early_exit_penalty_percent: feePercentText,
  trading_fee_percent: feePercentText,
  flash_exchange_fee_percent: feePercentText,
  maintenance_margin_percent: percentText,
  loan_interest_free_days: z.string().regex(/^(0|[1-9]\d{0,2})$/, { error: V.invalid }),
  // The loan products: a JSON list of { termDays, minAmount, maxAmount, dailyRatePercent } (loan-rules.ts).
  loan_products: z.string().refine((t) => parseLoanProducts(t) !== null, { error: V.invalid }),
  // Paid in USDT: no more places than USDT accepts (a reward the ledger would refuse could block approvals).
  invite_reward_usdt: amountIn('USDT'),
  // The platform's deposit address per funding network: each the shape of its chain's addresses (the API
  // checks their checksums too).
  deposit_address: z.string().refine(
    (t) => {
      try {
        const value = JSON.parse(t) as unknown;
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const entries = Object.entries(value);
        return (
          entries.length > 0 &&
          entries.every(([network, address]) => typeof address === 'string' && looksLikeDepositAddress(network, address))
        );
      } catch {
        return false;
      }
    },
    { error: V.depositAddressInvalid },
  ),
  auth_address: z.string().refine(
    (t) => {
      try {
        const value = JSON.parse(t) as unknown;
        return (
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length > 0 &&
          Object.entries(value).every(([k, v]) => /^[a-z0-9-]{1,20}$/.test(k) && typeof v === 'string' && /^[A-Za-z0-9]{20,64}$/.test(v))
        );
      } catch {
        return false;
      }
    },
    { error: V.invalid },
  ),
};

export const optionsProductView = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  instrumentCode: z.string(),
  period: z.number().int(),
  payoutPercent: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  enabled: z.boolean(),
});
export type OptionsProductView = z.infer<typeof optionsProductView>;
/** A listed instrument; `halted`: an operator stopped new orders on it (closing stays possible). */
export const instrumentView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  halted: z.boolean(),
});
export const listProductsResult = z.object({
  options: z.array(optionsProductView),
  instruments: z.array(instrumentView),
});
export const updateInstrumentBody = z.object({ halted: z.boolean({ error: V.invalid }) });
export const updateOptionsProductBody = z
  .object({
    payoutPercent: z.string().refine((t) => isAmount(t, 4) && money(t).lte(1000), { error: V.amountInvalid }),
    minStake: amountField(),
    maxStake: amountField(),
    enabled: z.boolean(),
  })
  .refine((b) => !isAmount(b.minStake) || !isAmount(b.maxStake) || money(b.minStake).lte(b.maxStake), {
    error: V.amountInvalid,
    path: ['maxStake'],
  });

/* ---------------------------------------------------------------- corrections */

export const proposeCorrectionBody = z.object({
  userId: z.uuid({ error: V.invalid }),
  mode: z.enum(ACCOUNT_MODES),
  direction: z.enum(['credit', 'debit']),
  amount: amountField(),
  reasonCode: z.enum(REVIEW_REASONS.correction),
  note: z.string().trim().min(1, { error: V.messageRequired }).max(OPERATOR_NOTE_MAX, { error: V.noteTooLong }),
});
export type ProposeCorrectionBody = z.input<typeof proposeCorrectionBody>;

/* ---------------------------------------------------------------- users */

export const userSearchQuery = z.object({
  q: z.string().trim().max(100).default(''),
  page: listPage,
});
export const userRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  wallet: z.string().nullable(),
  status: z.string(),
  kycStatus: z.string(),
  accountMode: z.string(),
  createdAt: z.string(),
});
export const listUsersResult = listPageOf(userRow);
/** A customer's account balances of one mode and currency (USD always; every other currency they hold an account in). */
export const userBalances = z.object({ mode: z.enum(ACCOUNT_MODES), currency: z.string(), accounts: z.record(z.string(), z.string()) });
export const userDetail = z.object({
  user: userRow,
  balances: z.array(userBalances),
  sessions: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string(),
      ip: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      revoked: z.boolean(),
    }),
  ),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), body: z.string(), createdAt: z.string() })),
  reviews: z.array(reviewView),
});
export type UserDetail = z.infer<typeof userDetail>;
export const transfersQuery = z.object({
  mode: z.enum(ACCOUNT_MODES).default('real'),
  page: listPage,
});
export const transferRow = z.object({
  id: z.number().int(),
  type: z.string(),
  amount: z.string(),
  /** The currency of the amount (the currency table): shown in its own places. */
  currency: z.string(),
  /** The user's account on this side, and whether the money came in (+) or went out (−). */
  account: z.string(),
  direction: z.enum(['in', 'out']),
  reference: z.string(),
  createdAt: z.string(),
});
export const listTransfersResult = listPageOf(transferRow);
export const userNoteBody = z.object({
  body: z.string().trim().min(1, { error: V.messageRequired }).max(USER_NOTE_MAX, { error: V.userNoteTooLong }),
});

/* ---------------------------------------------------------------- audit */

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetKind: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  q: z.string().trim().max(100).default(''),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: listPage,
});
export type AuditQuery = z.input<typeof auditQuery>;
export const listAuditResult = listPageOf(auditEntry);

/* ---------------------------------------------------------------- content */

/** What operators edit per content language (1 = Chinese, 2 = the others): company pages, FAQ entries, notices. */
export const contentKind = z.enum(['page', 'faq', 'notice']);
export type ContentKind = z.infer<typeof contentKind>;
export const contentLanguage = z.coerce.number({ error: V.invalid }).int().min(1).max(2);
export const contentEntry = z.object({
  kind: contentKind,
  id: z.number().int(),
  languageId: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** FAQ category; page type (1–4); null where the kind has none. */
  category: z.string().nullable(),
  type: z.number().int().nullable(),
  at: z.string(),
});
export type ContentEntry = z.infer<typeof contentEntry>;
export const listContentQuery = z.object({ kind: contentKind, lang: contentLanguage });
export const listContentResult = z.array(contentEntry);
export const contentKindParams = z.object({ kind: contentKind });
export const contentEntryParams = z.object({
  kind: contentKind,
  id: z.coerce.number({ error: V.invalid }).int().min(1).max(2_147_483_647),
});
export const saveContentBody = z.object({
  languageId: z.number({ error: V.invalid }).int().min(1).max(2),
  title: z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(200, { error: V.invalid }),
  body: z.string({ error: V.messageRequired }).trim().min(1, { error: V.messageRequired }).max(100_000, { error: V.messageTooLong }),
  category: z.string().trim().min(1, { error: V.invalid }).max(80, { error: V.invalid }).optional(),
  type: z.number().int().min(1).max(4).optional(),
});
export type SaveContentBody = z.input<typeof saveContentBody>;
export const previewContentBody = z.object({ body: z.string().max(100_000, { error: V.messageTooLong }) });
export const previewContentResult = z.object({
  html: z.string(),
  removed: z.array(z.object({ tag: z.string(), attribute: z.string().nullable() })),
});
export type PreviewContentResult = z.infer<typeof previewContentResult>;

// Steps after a decision and the fields decisions and steps carry (`reviews.ts`), through the same entry.
export * from './reviews.ts';
