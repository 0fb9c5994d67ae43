import type { FastifyError, FastifyInstance } from 'fastify';
import { ACCOUNT_CODES, SUCCESS_CODES, VALIDATION_KEYS as V } from '@meridian/contracts';
import { ApiFailure } from '../plugins/envelope.ts';

/** The answer of a call that changed something the user asked to change (SPEC §7 20005 "modified successfully"). */
export function modified() {
  return { code: SUCCESS_CODES.modified, message: 'modified successfully', result: null };
}

/** The seed's code for a refused email field (SPEC §7): missing → 10001, malformed → 10002. */
function emailFieldCode(key: string): string | null {
  if (key === V.usernameOrEmailRequired || key === V.emailRequired) return ACCOUNT_CODES.usernameOrEmailRequired;
  if (key === V.emailInvalid) return ACCOUNT_CODES.emailWrong;
  return null;
}

/**
 * In the login group, a refused email answers the seed's code in the body (10001 none, 10002 malformed)
 * instead of the generic 400; every other error goes on to the app's envelope handler.
 */
export function answerEmailCodes(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError) => {
    const emailIssue = error.validation?.find((v) => {
      const path = (v.instancePath ?? '').replace(/^\//, '') || (v.params as { missingProperty?: string } | undefined)?.missingProperty;
      return path === 'email';
    });
    const code = emailIssue?.message ? emailFieldCode(emailIssue.message) : null;
    // Thrown from here, an error is answered by the parent (envelope) handler.
    if (!code) throw error;
    throw new ApiFailure(code, code === ACCOUNT_CODES.usernameOrEmailRequired ? 'enter username or email' : 'email format wrong');
  });
}
