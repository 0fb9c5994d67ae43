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
  // Login group (SPEC §6) and sessions.
  checkUserNameOrPhone: `${CUSTOMER_API}/login/checkUserNameOrPhone`,
  sendCode: `${CUSTOMER_API}/login/sendCode`,
  register: `${CUSTOMER_API}/login/register`,
  login: `${CUSTOMER_API}/login/login`,
  resetPassword: `${CUSTOMER_API}/login/resetPassword`,
  refresh: `${CUSTOMER_API}/login/refresh`,
  logout: `${CUSTOMER_API}/login/logout`,
  walletNonce: `${CUSTOMER_API}/login/walletNonce`,
  loginByWallet: `${CUSTOMER_API}/login/loginByWallet`,
  socialProviders: `${CUSTOMER_API}/login/socialProviders`,
  /** Starts an OpenID Connect login: answers the provider's authorization URL. */
  loginBySocial: `${CUSTOMER_API}/login/loginBySocial`,
  loginByGoogle: `${CUSTOMER_API}/login/loginByGoogle`,
  /** Where a provider returns the browser (SPEC §1: `/api/loginCallback/google`). */
  loginCallback: (provider: string) => `/api/loginCallback/${provider}`,
  // User group.
  getUserInfo: `${CUSTOMER_API}/user/getUserInfo`,
  switchMode: `${CUSTOMER_API}/user/switchMode`,
  setLanguage: `${CUSTOMER_API}/user/setLanguage`,
  resetDemo: `${CUSTOMER_API}/user/resetDemo`,
  repassword: `${CUSTOMER_API}/user/repassword`,
  listSessions: `${CUSTOMER_API}/user/listSessions`,
  revokeSessions: `${CUSTOMER_API}/user/revokeSessions`,
  listNotifications: `${CUSTOMER_API}/user/listNotifications`,
  readNotifications: `${CUSTOMER_API}/user/readNotifications`,
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
