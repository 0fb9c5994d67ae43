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
export const ADMIN_PATHS = {
  setupInfo: `${ADMIN_API}/auth/setup-info`,
  completeSetup: `${ADMIN_API}/auth/setup`,
  signIn: `${ADMIN_API}/auth/sign-in`,
  signOut: `${ADMIN_API}/auth/sign-out`,
  me: `${ADMIN_API}/auth/me`,
  listOperators: `${ADMIN_API}/operators`,
  inviteOperator: `${ADMIN_API}/operators/invite`,
  deactivateOperator: (id: string) => `${ADMIN_API}/operators/${id}/deactivate`,
  dashboard: `${ADMIN_API}/dashboard`,
  listReviews: `${ADMIN_API}/reviews`,
  getReview: (id: number) => `${ADMIN_API}/reviews/${id}`,
  assignReview: (id: number) => `${ADMIN_API}/reviews/${id}/assign`,
  decideReview: (id: number) => `${ADMIN_API}/reviews/${id}/decide`,
  stepReview: (id: number) => `${ADMIN_API}/reviews/${id}/step`,
  listTickets: `${ADMIN_API}/support/tickets`,
  getTicket: (id: string) => `${ADMIN_API}/support/tickets/${id}`,
  replyTicket: (id: string) => `${ADMIN_API}/support/tickets/${id}/reply`,
  closeTicket: (id: string) => `${ADMIN_API}/support/tickets/${id}/close`,
  ticketImage: (id: string, imageId: string) => `${ADMIN_API}/support/tickets/${id}/image/${imageId}`,
  listSettings: `${ADMIN_API}/settings`,
  updateSetting: (key: string) => `${ADMIN_API}/settings/${key}`,
  listProducts: `${ADMIN_API}/products`,
  updateOptionsProduct: (id: number) => `${ADMIN_API}/products/options/${id}`,
  updateInstrument: (id: number) => `${ADMIN_API}/products/instruments/${id}`,
  proposeCorrection: `${ADMIN_API}/corrections`,
  listUsers: `${ADMIN_API}/users`,
  getUser: (id: string) => `${ADMIN_API}/users/${id}`,
  userTransfers: (id: string) => `${ADMIN_API}/users/${id}/transfers`,
  addUserNote: (id: string) => `${ADMIN_API}/users/${id}/notes`,
  listContent: `${ADMIN_API}/content`,
  previewContent: `${ADMIN_API}/content/preview`,
  createContent: (kind: string) => `${ADMIN_API}/content/${kind}`,
  updateContent: (kind: string, id: number) => `${ADMIN_API}/content/${kind}/${id}`,
  listAudit: `${ADMIN_API}/audit`,
  exportAudit: `${ADMIN_API}/audit/export.csv`,
} as const;

/** Live connection path on the same origin. */
export const LIVE_PATH = '/ws';

/** Release plane paths served on the site origin. */
export const RELEASE_PATHS = {
  rollout: '/rollout.json',
  artifacts: '/artifacts',
  telemetry: '/api/release/telemetry',
} as const;
