import { useMutation } from '@tanstack/react-query';
import type { AccountModeName } from '@meridian/contracts';
import { accountModeAtom, beginOwnSwitch, endOwnSwitch, sessionStore, useT } from '@meridian/platform';
import { accountApi, failureKey } from '../api/account-api.ts';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { usePlatform } from '../shared/platform-context.tsx';

/**
 * Switches between the demo and the real account: saved on the account, kept in the session store
 * (the `virtually` header follows it, and so do the account queries, whose keys hold the mode), and
 * announced (SPEC §4: every switch says which account is in use). The user's other windows follow it
 * through the live connection (`ACCOUNT_MODE`), and the server refuses their calls until they do.
 */
export function useSwitchMode() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const { mutate, isPending } = useMutation({
    mutationFn: (next: AccountModeName) => {
      // The live ACCOUNT_MODE frame of this very switch may come before its answer: it is not news here.
      beginOwnSwitch(next);
      return accountApi.switchMode(platform.api, next);
    },
    onSuccess: (_info, next) => {
      sessionStore.set(accountModeAtom, next);
      platform.toast(t(next === 'real' ? 'profile.switchToReal' : 'profile.switchToDemo'), 'info');
    },
    onError: (error) => platform.toast(t(failureKey(error), { ns: 'common' }), 'error'),
    onSettled: () => endOwnSwitch(),
  });
  const switchTo = (next: AccountModeName) => {
    if (!isPending) mutate(next);
  };
  return { switchTo, busy: isPending };
}
