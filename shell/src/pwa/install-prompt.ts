import { BehaviorSubject } from 'rxjs';

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's offer to install the site as an app, while it stands (null where it makes none). */
export const installOffer$ = new BehaviorSubject<InstallPromptEvent | null>(null);

/**
 * Listens for the offer from the start (browsers fire it once, early) and registers the service worker
 * that makes the site installable. Called once by the bootstrap, after the first remote has mounted.
 */
export function startInstallability(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installOffer$.next(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installOffer$.next(null));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .catch((error: unknown) => console.warn('service worker not registered', error));
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function install(): Promise<boolean> {
  const offer = installOffer$.value;
  if (!offer) return false;
  installOffer$.next(null);
  await offer.prompt();
  return (await offer.userChoice).outcome === 'accepted';
}
