/** The customer API prefix of SPEC §6. */
export const CUSTOMER_API = '/api/swx/customer';

/** Paths of the calls, relative to the site origin. */
export const API_PATHS = {
  // Order group (SPEC §6): contracts and options.
  getTradingTerms: (instrumentId: number) => `${CUSTOMER_API}/order/getTradingTerms/${instrumentId}`,
  buyContracts: `${CUSTOMER_API}/order/buyContracts`,
  closeContracts: (id: string) => `${CUSTOMER_API}/order/closeContracts/${id}`,
  /** Cancels a pending limit order (its hold is released). */
  cancelOrder: (id: string) => `${CUSTOMER_API}/order/cancelOrder/${id}`,
  listOrder: `${CUSTOMER_API}/order/listOrder`,
  buyOptions: `${CUSTOMER_API}/order/buyOptions`,
  getOptionsOrderById: (id: string) => `${CUSTOMER_API}/order/getOptionsOrderById/${id}`,
  listOptionsOrder: `${CUSTOMER_API}/order/listOptionsOrder`,
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
