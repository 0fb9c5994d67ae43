/**
 * Operators and the back-office (zod-free): roles, review kinds and states, reason codes, audit actions
 * and the operator API's codes. The schemas of the calls are in `backoffice.ts`.
 */

/**
 * What an operator may do. `admin`: operators and settings; `support`: conversations and content;
 * `reviewer`: KYC and loans; `finance`: deposits, withdrawals and corrections; `release`: rollouts;
 * `auditor`: reads everything, changes nothing.
 */
export const OPERATOR_ROLES = ['admin', 'support', 'reviewer', 'finance', 'release', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Every role: routes that any signed-in operator may read (dashboard, own profile). */
export const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES;

/** Operator sessions: 30 minutes without use, 8 hours at most. */
export const OPERATOR_SESSION = { idleSeconds: 30 * 60, maxSeconds: 8 * 60 * 60 } as const;

/** A set-up link (first admin, invitation) works for 72 hours, once. */
export const SETUP_LINK_HOURS = 72;

/** The one review mechanism's kinds (SPEC §0 rule 4) and who decides each. */
export const REVIEW_KINDS = ['support', 'kyc', 'deposit', 'withdrawal', 'loan', 'correction'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_DECIDERS: Record<ReviewKind, readonly OperatorRole[]> = {
  support: ['support'],
  kyc: ['reviewer'],
  loan: ['reviewer'],
  deposit: ['finance'],
  withdrawal: ['finance'],
  correction: ['finance'],
};

/** Roles that may read a kind's queue: its deciders, admins and auditors. */
export const reviewReaders = (kind: ReviewKind): OperatorRole[] => [...REVIEW_DECIDERS[kind], 'admin', 'auditor'];

/**
 * pending → approved | rejected → completed | failed; money kinds take the steps declared in
 * `REVIEW_STEPS` after approval (approved → paid → failed, approved → disbursed).
 */
export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'completed', 'failed', 'paid', 'disbursed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The time an item may wait for a decision, in hours, per kind (KYC 48 h). */
export const REVIEW_LIMIT_HOURS: Record<ReviewKind, number> = {
  support: 24,
  kyc: 48,
  deposit: 24,
  withdrawal: 24,
  loan: 48,
  correction: 24,
};

/**
 * Reason codes per kind: the operator picks one, the user reads it translated (`reviews.reasons.<code>`
 * in the customer's language). A support conversation is "approved" when answered and "completed" when
 * closed.
 */
export const REVIEW_REASONS = {
  support: ['answered', 'resolved', 'duplicate', 'spam'],
  kyc: ['verified', 'documentUnreadable', 'documentExpired', 'nameMismatch', 'selfieMismatch'],
  deposit: ['received', 'hashNotFound', 'amountMismatch', 'wrongNetwork', 'proofUnreadable'],
  withdrawal: ['paid', 'addressInvalid', 'securityHold', 'verificationFailed'],
  loan: ['approved', 'kycMissing', 'incomeInsufficient', 'termsNotMet'],
  correction: ['tradeError', 'feeRefund', 'compensation', 'duplicateCredit', 'proposalWrong'],
} as const satisfies Record<ReviewKind, readonly string[]>;
/**
 * The reason an approval of a kind carries, where the kind has one: approving says exactly this (the money
 * was received, the payout goes ahead, the identity was verified, the loan was approved) and every other
 * reason of the kind is a rejection's. The review service enforces it for every such kind (10207).
 */
export const REVIEW_APPROVAL_REASONS = {
  kyc: 'verified',
  deposit: 'received',
  withdrawal: 'paid',
  loan: 'approved',
} as const satisfies Partial<{ [K in ReviewKind]: (typeof REVIEW_REASONS)[K][number] }>;

export const ALL_REASON_CODES = [...new Set(Object.values(REVIEW_REASONS).flat())] as const;
export type ReasonCode = (typeof REVIEW_REASONS)[ReviewKind][number];

/** Audit actions (what an operator did). */
export const AUDIT_ACTIONS = [
  'operator.setup',
  'operator.signIn',
  'operator.signInFailed',
  'operator.signOut',
  'operator.invite',
  'operator.deactivate',
  'review.assign',
  'review.decide',
  'review.step',
  'support.reply',
  'support.close',
  'setting.change',
  'product.change',
  'correction.propose',
  'correction.approve',
  'correction.reject',
  'user.note',
  'content.create',
  'content.change',
  'release.canary',
  'release.promote',
  'release.rollback',
  'release.stable',
  'release.restore',
  'audit.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Codes of the operator API (the back-office translates them; customers never meet them). */
export const OPERATOR_CODES = {
  signInFailed: '10201',
  codeRejected: '10202',
  setupLinkInvalid: '10203',
  forbidden: '403',
  ownProposal: '10204',
  alreadyDecided: '10205',
  settingInvalid: '10206',
  reasonNotForKind: '10207',
  operatorExists: '10208',
  lastAdmin: '10209',
  userNotFound: '10210',
  /** A decided money review cannot be reopened, nor its decision changed. */
  reviewFinal: '10211',
  /** The step is not one of the kind's, or the item is not in the state the step starts from. */
  stepNotAllowed: '10212',
} as const;

/** Settings whose change alters a term users read: a change publishes a notice (SPEC §0 rule 3). */
export const USER_FACING_SETTINGS = [
  'trading_fee_percent',
  'withdrawal_fee_percent',
  'loan_interest_free_days',
  'early_exit_penalty_percent',
  'invite_reward_usdt',
  'maintenance_margin_percent',
  'flash_exchange_fee_percent',
] as const;

/** The setting holding the instruments an operator halted (a JSON list of ids): no new orders on them. */
export const HALTED_INSTRUMENTS_KEY = 'halted_instruments';

/** Operator sessions travel as `Authorization: Bearer <token>`; this prefix tells them from customers'. */
export const OPERATOR_TOKEN_PREFIX = 'op_';
