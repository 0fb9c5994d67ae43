import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './api/api-client.ts';
import type { LiveBus } from './live/live-bus.ts';

/**
 * Version of the runtime contract between the shell and the remotes. A remote reads it from the
 * platform object it receives and can support several; bump it only for incompatible changes.
 */
export const PLATFORM_CONTRACT_VERSION = 1;

/** What the shell hands every remote as single-spa custom props. */
export interface Platform {
  contractVersion: number;
  api: ApiClient;
  live: LiveBus;
  i18n: I18n;
  /** Client-side navigation through the shared history (single-spa's navigateToUrl). */
  navigate: (url: string) => void;
  toast: (text: string, kind?: 'info' | 'success' | 'error') => void;
  /**
   * Trades the HttpOnly refresh cookie for a new access token and puts the session in the store (true
   * when signed in). One renewal at a time for the whole page: the refresh token rotates on each use.
   */
  renewSession: () => Promise<boolean>;
}

export interface RemoteProps {
  platform: Platform;
  /** The remote's single-spa application name. */
  name: string;
}
