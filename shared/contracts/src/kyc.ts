import { z } from 'zod';
import { areaCodeField, phoneField } from './accounts.ts';
import {
  COUNTRY_CODES,
  KYC_ADDRESS_MAX,
  KYC_DOCUMENT_TYPES,
  KYC_IMAGES,
  KYC_KEYS,
  KYC_NAME_MAX,
  KYC_PHOTOS_OF,
  KYC_SEXES,
  KYC_STATUSES,
  isAdult,
  isCalendarDate,
} from './kyc-rules.ts';

export * from './kyc-rules.ts';

const nameField = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(KYC_NAME_MAX, { error: KYC_KEYS.nameTooLong })
    // Letters of any script, marks, spaces, apostrophes, dots and hyphens: no digits, no markup.
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: requiredKey });

const imageId = z.uuid({ error: KYC_KEYS.photoRequired });

/**
 * The verification form's fields (SPEC §3 KYC): checked by the client's form and again by the API. The
 * photos are ids of the caller's private uploads (`uploadPrivateImage`); which sides are needed follows
 * the document (a passport has no back).
 */
const kycFields = z.object({
  firstName: nameField(KYC_KEYS.firstNameRequired),
  lastName: nameField(KYC_KEYS.lastNameRequired),
  birthdate: z
    .string({ error: KYC_KEYS.birthdateRequired })
    .trim()
    .refine(isCalendarDate, { error: KYC_KEYS.birthdateRequired })
    // The adult check runs on the day the form is sent (client) and received (server).
    .refine((text) => isAdult(text, Date.now()), { error: KYC_KEYS.notAdult }),
  sex: z.enum(KYC_SEXES, { error: KYC_KEYS.sexRequired }),
  country: z.enum(COUNTRY_CODES, { error: KYC_KEYS.countryRequired }),
  address: z
    .string({ error: KYC_KEYS.addressRequired })
    .trim()
    .min(1, { error: KYC_KEYS.addressRequired })
    .max(KYC_ADDRESS_MAX, { error: KYC_KEYS.addressTooLong }),
  areaCode: areaCodeField,
  phone: phoneField,
  documentType: z.enum(KYC_DOCUMENT_TYPES, { error: KYC_KEYS.documentRequired }),
});

/** The verification form as the client fills it in (the photos and the signature are picked beside it). */
export const identificationForm = kycFields;

export const identificationBody = kycFields
  .extend({
    frontId: imageId,
    backId: imageId.optional(),
    handId: imageId,
    signatureId: z.uuid({ error: KYC_KEYS.notSigned }),
  })
  .superRefine((body, ctx) => {
    const needsBack = KYC_PHOTOS_OF[body.documentType].includes('back');
    if (needsBack && !body.backId) ctx.addIssue({ code: 'custom', path: ['backId'], message: KYC_KEYS.photoRequired });
    if (!needsBack && body.backId) ctx.addIssue({ code: 'custom', path: ['backId'], message: KYC_KEYS.photoRequired });
  });
export type IdentificationBody = z.input<typeof identificationBody>;

/** A submission as its owner reads it back (the images by name, fetched through `identificationImage`). */
export const kycSubmissionView = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  sex: z.enum(KYC_SEXES),
  country: z.enum(COUNTRY_CODES),
  address: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  images: z.array(z.enum(KYC_IMAGES)),
  submittedAt: z.string(),
});
export type KycSubmissionView = z.infer<typeof kycSubmissionView>;

/**
 * `getIdentification`: the status, the latest submission, and its review: the moment it must be decided
 * by (48 h after it was sent), when it was decided and the reason (`reviews.reasons.<code>`).
 */
export const identificationResult = z.object({
  status: z.enum(KYC_STATUSES),
  submission: kycSubmissionView.nullable(),
  decideBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type IdentificationResult = z.infer<typeof identificationResult>;

export const identificationImageParams = z.object({ image: z.enum(KYC_IMAGES, { error: 'validation.invalid' }) });
