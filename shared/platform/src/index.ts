// The site's CSP forbids eval: zod would probe `new Function` before its first parse, which only raises
// a CSP violation on every page. zod keeps its config on `globalThis.__zod_globalConfig`, shared by every
// part's copy; setting it there (what `z.config({ jitless: true })` does) keeps zod out of the first load.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export { PLATFORM_CONTRACT_VERSION } from './platform.ts';
export type { Platform, RemoteProps } from './platform.ts';
export { ApiError } from './api/api-error.ts';
export { createApiClient, newIdempotencyKey, REQUEST_TIMEOUT_MS } from './api/api-client.ts';
export type { ApiClient, ApiClientOptions, CallInput, CallResult, RequestOptions } from './api/api-client.ts';
export { createLiveBus, applyFrame } from './live/live-bus.ts';
export type { LiveBus, ConnectionState, PnlFrame } from './live/live-bus.ts';
export { useLiveMarkets, useLiveStatus } from './live/use-live-markets.ts';
export { queryClient } from './query/query-client.ts';
export { sharedQueryKeys } from './query/shared-keys.ts';
export { LiveConnection, LIVE_TIMINGS, loadFrameParser } from './live/live-connection.ts';
export { rereadOwnDataOnReconnect } from './live/reread-on-reconnect.ts';
export type { LiveConnectionOptions, SocketLike, FrameParser } from './live/live-connection.ts';
export {
  sessionStore,
  languageAtom,
  accountModeAtom,
  userAtom,
  accessTokenAtom,
  isLoggedInAtom,
  unreadCountAtom,
  setSession,
  clearSession,
} from './session/session-store.ts';
export type { AccountMode, PublicUser } from './session/session-store.ts';
export { beginOwnSwitch, endOwnSwitch, followServerMode, modeChangedKey } from './session/account-mode.ts';
export type { FollowOptions } from './session/account-mode.ts';
export { useUser, useIsLoggedIn, useAccountMode, useLanguage, useUnreadCount } from './session/use-session.ts';
export { i18n, initI18n, registerNamespace, directionOf, localeOf } from './i18n/i18n.ts';
export type { NamespaceLoader } from './i18n/i18n.ts';
export { useT } from './i18n/use-t.ts';
export type { TFunction } from './i18n/use-t.ts';
export { formatAmount, formatDecimal, formatMoney, formatPercent, formatDateTime, formatDate } from './i18n/format.ts';
export { useNow, formatCountdown } from './i18n/use-now.ts';
export { toast$, showToast, TOAST_DURATION_MS } from './toast/toasts.ts';
export type { Toast } from './toast/toasts.ts';
export { commonNamespaceLoader } from './locales/load-common.ts';
