import type { SessionResult } from '@meridian/contracts';
import { accountModeAtom, sessionStore, setSession } from '@meridian/platform';
import type { Platform } from '@meridian/platform';

/** Where to go after signing in: the `redirect` query parameter when it is a local path, else `/profile`. */
export function afterSignInPath(search: string = window.location.search): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/pass') ? target : '/profile';
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
