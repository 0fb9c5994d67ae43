import { useSyncExternalStore } from 'react';
import type { OperatorRole, OperatorView } from '@meridian/contracts';
import { queryClient } from '@meridian/platform';
import { adminKeys } from './query-keys.ts';

/**
 * The operator's session in this tab: the bearer token and who it belongs to, kept in sessionStorage
 * (a back-office session never outlives the tab, and never mixes with the customer session).
 */
const STORAGE_KEY = 'meridian.operatorSession';
/** Why the last session ended, shown once on the sign-in page. */
const ENDED_KEY = 'meridian.operatorSessionEnded';

export interface OperatorSessionState {
  token: string;
  operator: OperatorView;
}

/** `expired`: the API refused the token (30 minutes idle, 8 hours at most, deactivated); `signedOut`: the operator left. */
export type SessionEndReason = 'expired' | 'signedOut';

let current: OperatorSessionState | null = read();
const listeners = new Set<() => void>();

function read(): OperatorSessionState | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as OperatorSessionState) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Starts (state) or ends (null) the session; ending it drops every cached back-office answer. */
export function setOperatorSession(state: OperatorSessionState | null, reason?: SessionEndReason): void {
  current = state;
  try {
    if (state) {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
      sessionStorage.removeItem(ENDED_KEY);
    } else {
      sessionStorage.removeItem(STORAGE_KEY);
      if (reason) sessionStorage.setItem(ENDED_KEY, reason);
    }
  } catch {
    // Storage refused (private mode quota): the session still lives in memory for this page.
  }
  // A session that starts or ends drops every cached answer: nothing of one operator is shown to the next.
  void queryClient.cancelQueries({ queryKey: adminKeys.all });
  queryClient.removeQueries({ queryKey: adminKeys.all });
  emit();
}

/** Why the previous session ended (null when it did not, or the note was already shown and cleared). */
export function sessionEndReason(): SessionEndReason | null {
  try {
    const value = sessionStorage.getItem(ENDED_KEY);
    return value === 'expired' || value === 'signedOut' ? value : null;
  } catch {
    return null;
  }
}

export function operatorToken(): string | null {
  return current?.token ?? null;
}

export function useOperatorSession(): OperatorSessionState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Whether the signed-in operator has one of the roles (what the API will also check). */
export function hasRole(session: OperatorSessionState | null, roles: readonly OperatorRole[]): boolean {
  return !!session && roles.some((role) => session.operator.roles.includes(role));
}
