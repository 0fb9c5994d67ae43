import { useMemo, useSyncExternalStore } from 'react';
import type { TOptions } from 'i18next';
import { i18n } from './i18n.ts';

let revision = 0;
const listeners = new Set<() => void>();
const bump = () => {
  revision += 1;
  for (const listener of listeners) listener();
};
let bound = false;

function subscribe(listener: () => void): () => void {
  if (!bound) {
    bound = true;
    i18n.on('languageChanged', bump);
    i18n.on('loaded', bump);
    i18n.store?.on('added', bump);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => revision;

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
