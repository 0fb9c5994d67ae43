import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT, useUser } from '@meridian/platform';
import { isUncertainFailure } from '@meridian/platform/data';
import { usePlatform } from './platform-context.tsx';
import { refreshAfterMoneyMove } from './trading-keys.ts';

/** The message key (common namespace) of a failed call: the server code's, or "unknown error". */
function failureKey(error: unknown): string {
  return (error as { messageKey?: string } | null)?.messageKey ?? 'errors.unknown';
}

/**
 * What every order, close and settlement says and does afterwards: a translated toast, and the order
 * lists and balances read again. A submit that got no definite answer (timeout: "network timeout,
 * check the order list") refreshes the lists too, since the order may exist.
 */
export function useOrderFeedback() {
  const { t } = useT('common');
  const { toast } = usePlatform();
  const queryClient = useQueryClient();
  const userId = useUser()?.id ?? null;
  const refresh = useCallback(() => refreshAfterMoneyMove(queryClient, userId), [queryClient, userId]);
  return useMemo(
    () => ({
      refresh,
      succeeded(text: string) {
        toast(text, 'success');
        void refresh();
      },
      failed(error: unknown) {
        toast(t(failureKey(error)), 'error');
        if (isUncertainFailure(error)) void refresh();
      },
    }),
    [refresh, t, toast],
  );
}
