import type { SessionResult } from '@meridian/contracts';
import { accountModeAtom, sessionStore, setSession } from '@meridian/platform';
import type { Platform } from '@meridian/platform';

/** A path of this site: one slash, then no backslash or white space anywhere (URL parsing drops tabs). */
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/;

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path of this site (not a
 * sign-in page), else `/profile`. `/\\evil.example` or a tab after the slash would leave the site once
 * resolved, so anything unusual is refused, and the resolved address must keep the site's origin.
 */
export function afterSignInPath(search: string = window.location.search, origin: string = window.location.origin): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !LOCAL_PATH.test(target) || target.startsWith('/pass')) return '/profile';
  return new URL(target, origin).origin === origin ? target : '/profile';
}

/**
 * Every way in ends here: the session goes into the shared store (the shell then authenticates the
 * live connection), the account mode follows the user's saved one, and the browser moves on.
 */
export function completeSignIn(platform: Platform, result: SessionResult): void {
  sessionStore.set(accountModeAtom, result.user.accountMode);
  setSession({ id: result.user.id, email: result.user.email ?? result.user.walletAddress ?? '', role: result.user.role }, result.token);
  platform.navigate(afterSignInPath());
}
