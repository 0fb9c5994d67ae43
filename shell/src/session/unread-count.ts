import { API_PATHS } from '@meridian/contracts';
import { sessionStore, unreadCountAtom } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';

/** The bell's count after sign-in. The validator loads off the critical path, like the footer's. */
export async function loadUnreadCount(api: ApiClient): Promise<void> {
  try {
    const { listNotificationsResult } = await import('@meridian/contracts/schemas');
    const { unread } = await api.get(API_PATHS.listNotifications, { result: listNotificationsResult });
    sessionStore.set(unreadCountAtom, unread);
  } catch {
    // The bell simply shows no count.
  }
}
