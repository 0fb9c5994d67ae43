import { useState } from 'react';
import type { AccountModeName } from '@meridian/contracts';
import { accountModeAtom, sessionStore, useT } from '@meridian/platform';
import { accountApi, failureKey } from '../api/account-api.ts';
import { usePlatform } from '../app/platform-context.tsx';
import { NAMESPACE } from '../locales/load-namespace.ts';

/**
 * Switches between the demo and the real account: saved on the account, kept in the session store
 * (the `virtually` header follows it), and announced (SPEC §4: every switch says which account is in use).
 */
export function useSwitchMode(onSwitched?: () => void) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const [busy, setBusy] = useState(false);
  const switchTo = async (next: AccountModeName) => {
    if (busy) return;
    setBusy(true);
    try {
      await accountApi.switchMode(platform.api, next);
      sessionStore.set(accountModeAtom, next);
      platform.toast(t(next === 'real' ? 'profile.switchToReal' : 'profile.switchToDemo'), 'info');
      onSwitched?.();
    } catch (error) {
      platform.toast(t(failureKey(error), { ns: 'common' }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { switchTo, busy };
}
