import { useCallback, useEffect, useState } from 'react';
import type { AccountFigures, UserInfoResult } from '@meridian/contracts';
import { useAccountMode } from '@meridian/platform';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../app/platform-context.tsx';

export type AccountState = { status: 'loading' } | { status: 'failed'; key: string } | { status: 'ready'; info: UserInfoResult };

/**
 * The user and the figures of the current mode: loaded from getUserInfo (the `virtually` header picks
 * the mode), reloaded when the mode changes, and kept live by `USER_BALANCE_UPDATE` frames of that mode.
 */
export function useAccount() {
  const { api, live } = usePlatform();
  const mode = useAccountMode();
  const [state, setState] = useState<AccountState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    accountApi
      .userInfo(api)
      .then((info) => setState({ status: 'ready', info }))
      .catch((error: unknown) => setState({ status: 'failed', key: failureKey(error) }));
  }, [api]);

  useEffect(() => load(), [load, mode]);

  useEffect(() => {
    const subscription = live.balance$.subscribe((frame) => {
      if (frame.mode && frame.mode !== mode) return;
      const { type: _type, userId: _userId, ...figures } = frame;
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', info: { ...current.info, account: { ...figures, mode } } } : current,
      );
    });
    return () => subscription.unsubscribe();
  }, [live, mode]);

  const setFigures = useCallback((account: AccountFigures) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', info: { ...current.info, account } } : current));
  }, []);

  return { state, reload: load, setFigures };
}
