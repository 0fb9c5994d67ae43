import { useMemo, useSyncExternalStore } from 'react';
import type { TOptions } from 'i18next';
import { i18n } from './i18n.ts';

let revision = 0;
const listeners = new Set<() => void>();
const bump = () => {
  revision += 1;
  for (const listener of listeners) listener();
};
/** The resource store exists only once i18next is initialised: its `added` events are bound then. */
let storeBound = false;
function bindStore(): void {
  if (storeBound || !i18n.store) return;
  storeBound = true;
  i18n.store.on('added', bump);
}

// Bound when this module loads, not on the first subscription: a part may render before the shell has
// initialised i18next, and a namespace that arrives between that render and React's subscription must
// still change the snapshot (React compares it when it subscribes), or the part keeps showing keys.
i18n.on('languageChanged', bump);
i18n.on('loaded', bump);
i18n.on('initialized', () => {
  bindStore();
  bump();
});
bindStore();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The revision the hook renders with (exported for its test). */
export const snapshot = () => revision;

export type TFunction = (key: string, options?: TOptions) => string;

/**
 * `t` for one namespace, re-rendering when the language changes or a namespace finishes loading.
 * A small hook over the shared i18next instance, so the shell's first load needs no React binding.
 */
export function useT(namespace: string): { t: TFunction; lang: string } {
  const rev = useSyncExternalStore(subscribe, snapshot, snapshot);
  // `rev` makes a new `t` after every change, so memoized children see the new language.
  const t = useMemo<TFunction>(() => {
    void rev;
    return (key, options) => String(i18n.t(key, { ns: namespace, ...options }));
  }, [namespace, rev]);
  return { t, lang: i18n.language };
}
