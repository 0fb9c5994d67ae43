import { sessionStore, unreadCountAtom } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';

/** The bell's count after sign-in. The declaration (and its validator) loads off the critical path, like the footer's. */
export async function loadUnreadCount(api: ApiClient): Promise<void> {
  try {
    const { accountsEndpoints: accounts } = await import('@meridian/contracts/endpoints/accounts');
    const { unread } = await api.call(accounts.listNotifications);
    sessionStore.set(unreadCountAtom, unread);
  } catch {
    // The bell simply shows no count.
  }
}
