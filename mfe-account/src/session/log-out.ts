import { clearSession } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { accountApi } from '../api/account-api.ts';
import { forgetUserData } from '../api/account-queries.ts';

/**
 * Logs out: the server revokes the session (access and refresh token), then the session is cleared
 * here, which makes the shell close the live connection and reopen it as a visitor, and the user's
 * cached account data is dropped.
 */
export async function logOut(platform: Platform, message: string): Promise<void> {
  try {
    await accountApi.logout(platform.api);
  } finally {
    clearSession();
    forgetUserData();
    platform.toast(message, 'info');
    platform.navigate('/');
  }
}
