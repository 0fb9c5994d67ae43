import { z } from 'zod';
import type { ReviewKind } from './operators.ts';
import { PAYOUT_FAILURE_REASONS, REVIEW_STEP_NAMES } from './review-steps.ts';
import type { REVIEW_STEPS } from './review-steps.ts';
import { V } from './validation-keys.ts';
import { OPERATOR_NOTE_MAX } from './message-limits.ts';

// The transition table (zod-free) travels with its schemas through `@meridian/contracts/schemas`.
export * from './review-steps.ts';

/** A payout's transaction hash: 64 hex digits, `0x`-prefixed on Ethereum, bare on Tron and Bitcoin. */
export const payoutHashField = z
  .string({ error: V.payoutHashRequired })
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: V.payoutHashInvalid });

type FieldsSchema = z.ZodType<Record<string, string>>;

/** No fields: a decision or step that needs nothing beyond its reason code. */
const noFields: FieldsSchema = z.strictObject({});

/**
 * The fields each step carries (kind → step → schema), keyed by `REVIEW_STEPS` itself: a step without
 * its schema, or a schema for a step that does not exist, does not type-check. Unknown fields are refused.
 */
export const REVIEW_STEP_FIELDS: { [K in keyof typeof REVIEW_STEPS]: { [S in keyof (typeof REVIEW_STEPS)[K]]: FieldsSchema } } = {
  withdrawal: {
    pay: z.strictObject({ payoutHash: payoutHashField }),
    fail: z.strictObject({ failureReason: z.enum(PAYOUT_FAILURE_REASONS, { error: V.invalid }) }),
    cancel: z.strictObject({ failureReason: z.enum(PAYOUT_FAILURE_REASONS, { error: V.invalid }) }),
  },
  loan: { disburse: noFields },
};

/** The schema of a kind's step's fields (no fields when the kind has no such step). */
export function stepFieldsSchema(kind: ReviewKind, step: string): FieldsSchema {
  const steps = (REVIEW_STEP_FIELDS as Partial<Record<ReviewKind, Record<string, FieldsSchema>>>)[kind];
  return steps && Object.hasOwn(steps, step) ? steps[step]! : noFields;
}

/**
 * The fields a decision of a kind carries beyond its reason code (kind → decision → schema). A kind or
 * decision with no entry takes no fields; unknown fields are refused.
 */
export const REVIEW_DECISION_FIELDS: Partial<Record<ReviewKind, Partial<Record<'approve' | 'reject', FieldsSchema>>>> = {};

/** The schema of a decision's fields for a kind. */
export function decisionFieldsSchema(kind: ReviewKind, decision: 'approve' | 'reject'): FieldsSchema {
  return REVIEW_DECISION_FIELDS[kind]?.[decision] ?? noFields;
}

/** The fields a step or a decision carries, as sent (the kind's schema checks them). */
export const reviewFields = z.record(z.string().max(40), z.string().max(200)).optional();

/** Body of a step after the decision (`POST /api/admin/reviews/:id/step`). */
export const reviewStepBody = z.object({
  step: z.enum(REVIEW_STEP_NAMES, { error: V.invalid }),
  fields: reviewFields,
  note: z.string().trim().max(OPERATOR_NOTE_MAX, { error: V.noteTooLong }).optional(),
});
export type ReviewStepBody = z.input<typeof reviewStepBody>;
