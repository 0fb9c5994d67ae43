import { useAtomValue } from 'jotai';
import type { LanguageCode } from '@meridian/contracts';
import { accountModeAtom, isLoggedInAtom, languageAtom, sessionStore, unreadCountAtom, userAtom } from './session-store.ts';
import type { AccountMode, PublicUser } from './session-store.ts';

const opts = { store: sessionStore };

export function useUser(): PublicUser | null {
  return useAtomValue(userAtom, opts);
}
export function useIsLoggedIn(): boolean {
  return useAtomValue(isLoggedInAtom, opts);
}
export function useAccountMode(): AccountMode {
  return useAtomValue(accountModeAtom, opts);
}
export function useLanguage(): LanguageCode {
  return useAtomValue(languageAtom, opts);
}
export function useUnreadCount(): number | null {
  return useAtomValue(unreadCountAtom, opts);
}
