import { atom, createStore } from 'jotai';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';

export type AccountMode = 'demo' | 'real';

/** Public user info kept across reloads; the access token is never stored. */
export interface PublicUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

const KEYS = { language: 'meridian.lang', mode: 'meridian.mode', user: 'meridian.user' } as const;

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage can be disabled (private mode); the session still works for this page view
  }
}

function initialLanguage(): LanguageCode {
  const stored = readStorage(KEYS.language);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

function initialUser(): PublicUser | null {
  const raw = readStorage(KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as PublicUser;
    return typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The one jotai store holding the session; every part reads it through the hooks below. */
export const sessionStore = createStore();

export const languageAtom = atom<LanguageCode>(initialLanguage());
export const accountModeAtom = atom<AccountMode>(readStorage(KEYS.mode) === 'real' ? 'real' : 'demo');
export const userAtom = atom<PublicUser | null>(initialUser());
/** Short-lived access token: memory only (SPEC §3 local settings). */
export const accessTokenAtom = atom<string | null>(null);
/** Unread notifications of the signed-in user (the bell); null until known. */
export const unreadCountAtom = atom<number | null>(null);
export const isLoggedInAtom = atom((get) => get(userAtom) !== null);

sessionStore.sub(languageAtom, () => writeStorage(KEYS.language, sessionStore.get(languageAtom)));
sessionStore.sub(accountModeAtom, () => writeStorage(KEYS.mode, sessionStore.get(accountModeAtom)));
sessionStore.sub(userAtom, () => {
  const user = sessionStore.get(userAtom);
  writeStorage(KEYS.user, user ? JSON.stringify(user) : null);
});

/** Signs the session in memory and in storage. */
export function setSession(user: PublicUser, token: string): void {
  sessionStore.set(userAtom, user);
  sessionStore.set(accessTokenAtom, token);
}

/** Clears the user and the token (logout, or a 401 from the API). */
export function clearSession(): void {
  sessionStore.set(userAtom, null);
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(unreadCountAtom, null);
}
