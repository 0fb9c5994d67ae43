import { EXCHANGE_MESSAGE_VARIABLES } from './exchange-rules.ts';
import { DEPOSIT_MESSAGE_VARIABLES } from './funding-rules.ts';
import { IMAGE_LIMITS } from './image-limits.ts';
import { WITHDRAWAL_MESSAGE_VARIABLES } from './withdrawal-rules.ts';

/** The longest support message, a customer's or an operator's answer (characters). */
export const SUPPORT_MESSAGE_MAX = 2000;
/** The longest note an operator writes on a review decision or a balance correction (characters). */
export const OPERATOR_NOTE_MAX = 500;
/** The longest note an operator keeps on a user's file (characters). */
export const USER_NOTE_MAX = 1000;

const MB = 1024 * 1024;

/**
 * The limits the validation messages name, from the constants the server checks (issue 22): every
 * translation writes `{{name, number}}`, so a message can never state another figure than the check.
 * The platform's i18n gives these to every message as default variables.
 */
export const MESSAGE_LIMIT_VARIABLES = {
  supportMessageMax: SUPPORT_MESSAGE_MAX,
  userNoteMax: USER_NOTE_MAX,
  operatorNoteMax: OPERATOR_NOTE_MAX,
  imageMaxPixels: IMAGE_LIMITS.maxPixels,
  imageMaxSide: IMAGE_LIMITS.maxSide,
  imagePickerMaxMb: IMAGE_LIMITS.pickerMaxBytes / MB,
  imageServerMaxMb: IMAGE_LIMITS.serverMaxBytes / MB,
  ...DEPOSIT_MESSAGE_VARIABLES,
  ...WITHDRAWAL_MESSAGE_VARIABLES,
  ...EXCHANGE_MESSAGE_VARIABLES,
} as const;
