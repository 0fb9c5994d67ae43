import type { REVIEW_REASONS, ReviewKind, ReviewState } from './operators.ts';

/**
 * Kinds whose decision moves or promises money. Once decided, such an item is never pending again and
 * its decision never changes: the review service refuses it (10211) and a database trigger refuses it
 * too. A support conversation, by contrast, is put back to pending when the visitor writes again.
 */
export const MONEY_REVIEW_KINDS = ['deposit', 'withdrawal', 'loan', 'correction'] as const satisfies readonly ReviewKind[];
export type MoneyReviewKind = (typeof MONEY_REVIEW_KINDS)[number];

export function isMoneyReviewKind(kind: string): kind is MoneyReviewKind {
  return (MONEY_REVIEW_KINDS as readonly string[]).includes(kind);
}

/** Why a paid withdrawal failed after all (the payout bounced or was held): the kind's refusal reasons. */
export const PAYOUT_FAILURE_REASONS = [
  'addressInvalid',
  'securityHold',
  'verificationFailed',
] as const satisfies readonly (typeof REVIEW_REASONS.withdrawal)[number][];

/** One step after a decision: the state it leaves and the state it reaches. */
export interface ReviewStepRule {
  readonly from: ReviewState;
  readonly to: ReviewState;
}

/**
 * The steps an item takes after its decision, declared once (kind → step → transition). The review
 * service takes a step only from its `from` state, under a row lock, audited; anything not listed is
 * refused (10212). A kind with no entry has no steps: its decision is its end. The fields each step
 * carries are declared beside its schema (`REVIEW_STEP_FIELDS` in `@meridian/contracts/schemas`), keyed
 * by this table so the two cannot drift apart.
 */
export const REVIEW_STEPS = {
  withdrawal: {
    /** The payout went out: approved → paid, with its transaction hash (the customer's timeline shows it). */
    pay: { from: 'approved', to: 'paid' },
    /** The payout bounced or was held after all: paid → failed, with the reason the customer reads (another operator than the payer's). */
    fail: { from: 'paid', to: 'failed' },
    /** Approved but not paid after all (the address was revoked, a security hold): approved → failed, the hold returned. */
    cancel: { from: 'approved', to: 'failed' },
  },
  loan: {
    /** The approved principal reached the customer: approved → disbursed. */
    disburse: { from: 'approved', to: 'disbursed' },
  },
} as const satisfies Partial<Record<ReviewKind, Record<string, ReviewStepRule>>>;

export const REVIEW_STEP_NAMES = ['pay', 'fail', 'cancel', 'disburse'] as const;
export type ReviewStepName = (typeof REVIEW_STEP_NAMES)[number];

/** The transition of a kind's step, or null when the kind has no such step. */
export function reviewStepRule(kind: ReviewKind, step: string): ReviewStepRule | null {
  const steps = (REVIEW_STEPS as Partial<Record<ReviewKind, Record<string, ReviewStepRule>>>)[kind];
  return steps && Object.hasOwn(steps, step) ? steps[step]! : null;
}

/** Whether a kind has a step out of a state (else reaching that state completes the item). */
export function hasStepFrom(kind: ReviewKind, state: ReviewState): boolean {
  return REVIEW_STEP_NAMES.some((name) => reviewStepRule(kind, name)?.from === state);
}

/**
 * Payload keys of an item that name an uploaded image (an upload id): the back-office shows them as
 * pictures, fetched through `getReviewImage`; any other key is a fact shown as text.
 */
export const REVIEW_IMAGE_KEYS = ['proofId', 'frontId', 'backId', 'handId', 'signatureId'] as const;
export type ReviewImageKey = (typeof REVIEW_IMAGE_KEYS)[number];
