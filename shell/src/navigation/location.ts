import { useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path + search, updated on every single-spa route change. */
export function useCurrentUrl(): string {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** SPEC §2: navigating to the current location does nothing. */
export function navigate(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  if (`${target.pathname}${target.search}` === snapshot()) return;
  navigateToUrl(`${target.pathname}${target.search}${target.hash}`);
}
