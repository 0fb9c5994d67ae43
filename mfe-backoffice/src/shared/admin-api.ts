import { createApiClient } from '@meridian/platform';
import { operatorToken, setOperatorSession } from './session.ts';

/** The `Authorization` header of the operator session (the operator gate reads `Bearer <token>`). */
export function operatorAuthorization(): string | null {
  const token = operatorToken();
  return token ? `Bearer ${token}` : null;
}

/**
 * The operator API client: the operator's bearer token (never the customer's), the envelope, result
 * validation against the contract schemas. A 401 with a session ends it (the layout then sends the
 * operator to sign-in with a "session ended" note); a 401 without one is a refused sign-in.
 */
export const adminApi = createApiClient({
  getToken: operatorAuthorization,
  getAccountMode: () => 'real',
  onUnauthorized: () => {
    if (operatorToken()) setOperatorSession(null, 'expired');
  },
});
