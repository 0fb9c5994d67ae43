import '@meridian/ui/tokens.css';
import './global.css';
import { registerApplication, start } from 'single-spa';
import { LIVE_PATH } from '@meridian/contracts';
import {
  LiveConnection,
  PLATFORM_CONTRACT_VERSION,
  accessTokenAtom,
  accountModeAtom,
  clearSession,
  createApiClient,
  createLiveBus,
  i18n,
  initI18n,
  languageAtom,
  queryClient,
  registerNamespace,
  sessionStore,
  rereadOwnDataOnReconnect,
  userAtom,
} from '@meridian/platform';
import type { Platform, RemoteProps } from '@meridian/platform';
import { createTransitionRoot } from '@meridian/ui';
import { loadRollout } from './federation/rollout.ts';
import { registerRemoteApps, registerRollout } from './federation/remote-apps.tsx';
import { homeApp } from './home/home-app.ts';
import { applyDocumentLanguage, changeLanguage } from './language.ts';
import { isMobileUserAgent } from './layout/device.ts';
import { Chrome } from './layout/chrome.tsx';
import { loadShellNamespace } from './locales/load-shell.ts';
import { navigate } from './navigation/location.ts';
import { loadUnreadCount } from './session/unread-count.ts';
import { refreshAccessToken, renewalInFlight, setSessionRefusedHandler, startSessionKeeping } from './session/session-manager.ts';
import { followAccountMode, followLiveAccountMode, toast } from './session/account-mode.ts';
import { APP_ROUTES, isKnownPath, matchesRoute } from './routes.ts';
import { registerServiceWorker, startInstallability } from './pwa/install-prompt.ts';

performance.mark('meridian:bootstrap');
startInstallability();
const root = document.documentElement;
const mobile = isMobileUserAgent(navigator.userAgent);
root.dataset.layout = mobile ? 'mobile' : 'desktop';
const language = sessionStore.get(languageAtom);
applyDocumentLanguage(language);

// SPEC §2: anything else redirects to `/`.
const redirectUnknown = () => {
  if (!isKnownPath(window.location.pathname)) window.history.replaceState(null, '', '/');
};
redirectUnknown();

const i18nReady = initI18n(language).then(() => Promise.all([registerNamespace('shell', loadShellNamespace)]));

/**
 * The server refused the session (a call or a renewal met 401): clear it and go to the login page. SPEC §6:
 * on the balance page, confirm first (a withdrawal in progress may fail); staying keeps the page as it is.
 */
function sessionRefused(): void {
  if (!mayEndSession()) return;
  clearSession();
  navigate('/pass/login');
}

/** SPEC §6: on the balance page the user is asked before the session ends (a withdrawal in progress may fail). */
const mayEndSession = () =>
  !window.location.pathname.startsWith('/profile/balance') || window.confirm(i18n.t('shell:session.expiredBalance'));

const api = createApiClient({
  getToken: () => sessionStore.get(accessTokenAtom),
  getAccountMode: () => sessionStore.get(accountModeAtom),
  renewSession: refreshAccessToken,
  // A signed-in page load renews first (startSessionKeeping): its first calls wait for that token.
  pendingRenewal: renewalInFlight,
  // The account was switched in another window: this one follows the server's mode (SPEC §0 rule 5).
  onAccountModeChanged: followAccountMode,
  onUnauthorized: sessionRefused,
});
// A renewal of the shell's own refused (at start, or before the token ran out): the session ends, and a
// signed-in page sends the user to the login page itself; a public page stays.
setSessionRefusedHandler(() => {
  if (mayEndSession()) clearSession();
});
const live = createLiveBus();
const platform: Platform = {
  contractVersion: PLATFORM_CONTRACT_VERSION,
  api,
  live,
  i18n,
  navigate,
  toast,
  renewSession: refreshAccessToken,
};

const federationReady = loadRollout().then(registerRollout);
federationReady.catch((error: unknown) => console.error(error));

const home = APP_ROUTES.find((r) => r.name === 'home')!;
registerApplication<RemoteProps>({
  name: 'home',
  app: async () => homeApp,
  activeWhen: (location) => matchesRoute(home, location.pathname),
  customProps: { platform, name: 'home' },
});
registerRemoteApps(platform, federationReady);

const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
const connection = new LiveConnection({
  url: `${protocol}//${window.location.host}${LIVE_PATH}`,
  bus: live,
  getToken: () => sessionStore.get(accessTokenAtom),
  getUserId: () => sessionStore.get(userAtom)?.id ?? null,
});

startSessionKeeping();
followLiveAccountMode(live);
// A remote may choose the language (account settings): the shell applies it to the whole page.
sessionStore.sub(languageAtom, () => {
  const next = sessionStore.get(languageAtom);
  if (i18n.language !== next) void changeLanguage(next);
});
// A new token (sign-in or renewal) authenticates the live connection; losing it (logout, expiry)
// closes the connection and reopens it as a visitor's, so no user data can follow.
let hadToken = sessionStore.get(accessTokenAtom) !== null;
sessionStore.sub(accessTokenAtom, () => {
  const hasToken = sessionStore.get(accessTokenAtom) !== null;
  if (hasToken) {
    connection.authenticate();
    if (!hadToken) void loadUnreadCount(api);
  } else if (hadToken) {
    connection.stop();
    connection.start();
  }
  hadToken = hasToken;
});

// Balances that moved while the live connection was down were pushed to nobody: read them again.
rereadOwnDataOnReconnect(live, queryClient, () => sessionStore.get(userAtom)?.id ?? null);

window.addEventListener('single-spa:routing-event', () => {
  redirectUnknown();
  window.scrollTo(0, 0);
  connection.onNavigation();
});
window.addEventListener('meridian:remote-error', (event) => {
  console.error('remote failed', (event as CustomEvent).detail);
});

start({ urlRerouteOnly: true });

// Work the first remote does not need waits until it has mounted: the live connection (and with it
// the frame validator) and the footer. A failed first mount still ends the wait after 3 s.
const afterFirstMount = new Promise<void>((resolve) => {
  window.addEventListener('single-spa:first-mount', () => resolve(), { once: true });
  setTimeout(resolve, 3000);
});
void afterFirstMount.then(() => {
  connection.start();
  registerServiceWorker();
});

void i18nReady.then(() => {
  const chromeHost = document.getElementById('chrome')!;
  // A transition: the chrome renders in slices, and replaces the first paint's pieces when it commits.
  createTransitionRoot(chromeHost).render(
    <Chrome mobile={mobile} api={api} footerHost={document.getElementById('chrome-footer')!} deferred={afterFirstMount} />,
  );
});
