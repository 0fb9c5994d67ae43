/** The customer API prefix of SPEC §6. */
export const CUSTOMER_API = '/api/swx/customer';

/** Paths of the calls, relative to the site origin. */
export const API_PATHS = {
  listContents: (lang: 1 | 2) => `${CUSTOMER_API}/index/listContents/${lang}`,
  getContentsById: (id: number) => `${CUSTOMER_API}/index/getContentsById/${id}`,
  getParamByKey: (key: string) => `${CUSTOMER_API}/index/getParamByKey/${encodeURIComponent(key)}`,
  listFaq: (lang: 1 | 2) => `${CUSTOMER_API}/index/listFaq/${lang}`,
  listNotices: (lang: 1 | 2) => `${CUSTOMER_API}/index/listNotices/${lang}`,
  getNoticeById: (id: number) => `${CUSTOMER_API}/index/getNoticeById/${id}`,
  searchHelp: (lang: 1 | 2) => `${CUSTOMER_API}/index/searchHelp/${lang}`,
  openTicket: `${CUSTOMER_API}/support/openTicket`,
  getTicket: `${CUSTOMER_API}/support/getTicket`,
  replyTicket: `${CUSTOMER_API}/support/reply`,
  uploadImage: `${CUSTOMER_API}/upload/image`,
  /** The image of a support message, readable with the conversation's key. */
  supportImage: (imageId: string) => `${CUSTOMER_API}/support/image/${imageId}`,
} as const;

/** Operator API (back-office). */
export const ADMIN_API = '/api/admin';
export const ADMIN_PATHS = {
  listTickets: `${ADMIN_API}/support/tickets`,
  getTicket: (id: string) => `${ADMIN_API}/support/tickets/${id}`,
  replyTicket: (id: string) => `${ADMIN_API}/support/tickets/${id}/reply`,
} as const;

/** Live connection path on the same origin. */
export const LIVE_PATH = '/ws';

/** Release plane paths served on the site origin. */
export const RELEASE_PATHS = {
  rollout: '/rollout.json',
  artifacts: '/artifacts',
  telemetry: '/api/release/telemetry',
} as const;
