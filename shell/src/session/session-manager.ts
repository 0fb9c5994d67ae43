import { API_PATHS, SUCCESS_CODE } from '@meridian/contracts';
import type { SessionResult } from '@meridian/contracts';
import { accessTokenAtom, accountModeAtom, clearSession, sessionStore, setSession, userAtom } from '@meridian/platform';
import { followAccountMode } from './account-mode.ts';

/** Refresh a minute before the access token runs out (≈15 min). */
const REFRESH_MARGIN_MS = 60_000;
const DEFAULT_ACCESS_TTL_MS = 15 * 60_000;

let inFlight: Promise<boolean> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Whether the last renewal was a definite refusal (401), not a network hiccup. */
let refusedLast = false;

/**
 * What happens when the server refuses the session (a renewal answered 401): the shell's one handler, the
 * same as for a call that met 401 (SPEC §6: on the balance page it asks first). Clearing by default.
 */
let onSessionRefused: () => void = clearSession;

/** Sets what a refused renewal does (the shell passes the handler its API client calls on 401). */
export function setSessionRefusedHandler(handler: () => void): void {
  onSessionRefused = handler;
}

/** A renewal of its own (at start, before the token runs out): a refusal goes to the handler; a call's renewal leaves that to its caller. */
function renewOrEnd(): void {
  void refreshAccessToken().then((renewed) => {
    if (!renewed && refusedLast) onSessionRefused();
  });
}

function schedule(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(renewOrEnd, Math.max(5_000, ms - REFRESH_MARGIN_MS));
}

/**
 * One refresh at a time across every tab of the site (Web Locks): the refresh token rotates on use and
 * the server takes a second use of the previous one for theft, so two tabs must never present it together.
 * Fetched directly (the API client waits for this renewal) and by its zod-free path: the shell renews at
 * start, before the schemas load (`accountsEndpoints.refresh` takes its path from `API_PATHS.refresh`).
 */
async function postRefresh(): Promise<Response> {
  const send = () => fetch(API_PATHS.refresh, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!navigator.locks) return send();
  let response: Response | undefined;
  await navigator.locks.request('meridian.session-refresh', async () => {
    response = await send();
  });
  return response!;
}

/**
 * Trades the HttpOnly refresh cookie for a new access token (the cookie rotates). One call at a time:
 * concurrent 401s share it. False when no new token came: the caller decides what the refusal does (the
 * API client calls its 401 handler, which ends the session — after asking, on the balance page).
 */
export function refreshAccessToken(): Promise<boolean> {
  inFlight ??= (async () => {
    try {
      const response = await postRefresh();
      const payload = (await response.json().catch(() => null)) as { code?: string; result?: SessionResult } | null;
      if (!response.ok || payload?.code !== SUCCESS_CODE || !payload.result) {
        // Only a definite refusal ends the session; a network hiccup keeps it for the next try.
        refusedLast = response.status === 401 || payload?.code === '401';
        return false;
      }
      refusedLast = false;
      const { user, token, expiresIn } = payload.result;
      const renewing = sessionStore.get(accessTokenAtom) !== null;
      setSession({ id: user.id, email: user.email ?? user.walletAddress ?? '', role: user.role }, token);
      // The account mode is the server's: at start it is simply taken; later a change means another
      // window switched while this one missed the live frame, and the user is told.
      if (renewing) followAccountMode(user.accountMode);
      else sessionStore.set(accountModeAtom, user.accountMode);
      schedule(expiresIn * 1000);
      return true;
    } catch {
      refusedLast = false;
      return false;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** The renewal under way, if any: API calls wait for it instead of going out without a token. */
export function renewalInFlight(): Promise<boolean> | null {
  return inFlight;
}

/**
 * Keeps the session alive across reloads (the access token lives in memory only): a browser that
 * was signed in gets a fresh token at start, and a new token is always scheduled for renewal.
 */
export function startSessionKeeping(): void {
  if (sessionStore.get(userAtom)) renewOrEnd();
  sessionStore.sub(accessTokenAtom, () => {
    if (sessionStore.get(accessTokenAtom)) {
      if (!inFlight) schedule(DEFAULT_ACCESS_TTL_MS);
    } else if (timer) {
      clearTimeout(timer);
      timer = null;
    }
  });
}
