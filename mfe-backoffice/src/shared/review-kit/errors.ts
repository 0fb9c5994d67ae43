import { useCallback, useMemo } from 'react';
import { OPERATOR_CODES } from '@meridian/contracts';
import { ApiError, useT } from '@meridian/platform';
import type { FailureText } from '@meridian/ui/failure-text';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { useAdminErrorMessage } from '../../shared/components/error-message.tsx';

/** The operator API's codes these pages explain in their own words (`queues.errors.<code>`). */
const OWN_CODES = new Set<string>([
  OPERATOR_CODES.forbidden,
  OPERATOR_CODES.ownProposal,
  OPERATOR_CODES.alreadyDecided,
  OPERATOR_CODES.reasonNotForKind,
  OPERATOR_CODES.userNotFound,
]);

/** The code of a failed call ('' when it is not an API error). */
export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : '');

/**
 * The translated message of a failed call: the review pages' own text for the codes they meet
 * (10204, 10205, 10207, 10210, 403), else the back-office's message for it (session ended, a refused
 * field, timeout, network, 429 …).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useT(NAMESPACE);
  const fallback = useAdminErrorMessage();
  return useCallback(
    (error: unknown) => (error instanceof ApiError && OWN_CODES.has(error.code) ? t(`queues.errors.${error.code}`) : fallback(error)),
    [t, fallback],
  );
}

/** Answers that mean the thing is not there: not found, no such user, an id the API refuses outright. */
const MISSING = new Set(['404', OPERATOR_CODES.userNotFound, '400']);

/** The review pages' failure texts for the kit's QueryView and ConfirmDialog (given by their Page). */
export function useReviewFailureText(): FailureText {
  const describe = useErrorText();
  return useMemo(() => ({ describe, isMissing: (error: unknown) => MISSING.has(errorCode(error)) }), [describe]);
}
