import type { AccountModeName } from '@meridian/contracts';
import { TOAST_DURATION_MS, followServerMode, i18n, queryClient, showToast } from '@meridian/platform';
import type { LiveBus, Toast } from '@meridian/platform';

/** The last "switched in another window" notice: the refused call's own failure toast says the same. */
let notice: { text: string; at: number } | null = null;

/**
 * The page's toast: a notice that the account was switched elsewhere is shown once, even though the
 * refused call's own error toast (whose message names the same mode) follows it at once.
 */
export function toast(text: string, kind: Toast['kind'] = 'info'): void {
  if (notice && notice.text === text && Date.now() - notice.at < TOAST_DURATION_MS) return;
  showToast(text, kind);
}

/** Follows the server's account mode (a refusal or a live frame said it), with one notice. */
export function followAccountMode(mode: AccountModeName): void {
  followServerMode(mode, {
    queryClient,
    translate: (key) => i18n.t(key, { ns: 'common' }),
    notify: (text) => {
      showToast(text, 'info');
      notice = { text, at: Date.now() };
    },
  });
}

/** Other windows' switches arrive on the live connection (`ACCOUNT_MODE`, this user's own only). */
export function followLiveAccountMode(live: LiveBus): () => void {
  const sub = live.mode$.subscribe(followAccountMode);
  return () => sub.unsubscribe();
}
