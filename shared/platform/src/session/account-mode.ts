import type { QueryClient } from '@tanstack/react-query';
import { MODE_CHANGED_KEYS } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { accountModeAtom, sessionStore } from './session-store.ts';

/**
 * The account mode is the server's (SPEC §0 rule 5): switchMode stores it, and a call whose `virtually`
 * header names the other mode is refused (`MODE_CODES.accountModeChanged`, with the mode in use). A
 * window learns of a switch made elsewhere in two ways: the live `ACCOUNT_MODE` frame, or such a
 * refusal when it missed the frame. Either way it follows the server here.
 */

/** The mode this window itself asked for (switchMode in flight): a frame naming it is no news. */
let ownSwitch: AccountModeName | null = null;

/** Called by the window that switches, around its switchMode call. */
export function beginOwnSwitch(mode: AccountModeName): void {
  ownSwitch = mode;
}
export function endOwnSwitch(): void {
  ownSwitch = null;
}

export interface FollowOptions {
  queryClient: QueryClient;
  /** Shows the notice (already translated), e.g. the shell's toast. */
  notify: (text: string) => void;
  /** Translates a key of the common namespace. */
  translate: (key: string) => string;
}

/** The notice naming the account now in use: "Your account was switched to the real account in another window". */
export function modeChangedKey(mode: AccountModeName): string {
  return MODE_CHANGED_KEYS[mode];
}

/**
 * Follows the server's account mode: when it is not the one this window shows, the session's mode
 * becomes it (the `virtually` header and every mode-keyed query follow), every query is read again,
 * and the user is told which account is in use now. True when the window changed mode.
 */
export function followServerMode(mode: AccountModeName, options: FollowOptions): boolean {
  if (sessionStore.get(accountModeAtom) === mode) return false;
  // This window's own switch: its switchMode answer sets the mode and says so itself.
  if (ownSwitch === mode) return false;
  sessionStore.set(accountModeAtom, mode);
  void options.queryClient.invalidateQueries();
  options.notify(options.translate(modeChangedKey(mode)));
  return true;
}
