/** The customer API prefix of SPEC §6. */
export const CUSTOMER_API = '/api/swx/customer';

/** The one call whose path the shell needs before the schemas load (every other path is in its endpoint's declaration). */
export const API_PATHS = {
  /**
   * Session renewal (login group), declared as `accountsEndpoints.refresh`. Its path stays here, zod-free:
   * the shell renews the session at start, before the schemas load (ADR 001, 007).
   */
  refresh: `${CUSTOMER_API}/login/refresh`,
} as const;

/** Operator API (back-office). */
export const ADMIN_API = '/api/admin';

/** Live connection path on the same origin. */
export const LIVE_PATH = '/ws';

/** Release plane paths served on the site origin. */
export const RELEASE_PATHS = {
  rollout: '/rollout.json',
  artifacts: '/artifacts',
  telemetry: '/api/release/telemetry',
} as const;
