/** The customer API prefix of SPEC §6. */
export const CUSTOMER_API = '/api/swx/customer';

/** Paths of the calls, relative to the site origin. */
export const API_PATHS = {
  listContents: (lang: 1 | 2) => `${CUSTOMER_API}/index/listContents/${lang}`,
  getContentsById: (id: number) => `${CUSTOMER_API}/index/getContentsById/${id}`,
  getParamByKey: (key: string) => `${CUSTOMER_API}/index/getParamByKey/${encodeURIComponent(key)}`,
  siteStats: `${CUSTOMER_API}/index/siteStats`,
} as const;

/** Live connection path on the same origin. */
export const LIVE_PATH = '/ws';

/** Release plane paths served on the site origin. */
export const RELEASE_PATHS = {
  rollout: '/rollout.json',
  artifacts: '/artifacts',
  telemetry: '/api/release/telemetry',
} as const;
