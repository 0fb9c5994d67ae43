import { useCallback, useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@meridian/platform';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';

/**
 * Sends a verification code and counts down until another may be sent (the server says how long;
 * a refused resend answers Retry-After, which the countdown also honours).
 */
export function useCodeSender(purpose: 'register' | 'reset') {
  const { api } = usePlatform();
  const language = useLanguage();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { mutateAsync, isPending: sending } = useMutation({
    mutationFn: (email: string) => accountApi.sendCode(api, { email, purpose, language }),
    onSuccess: (result, email) => {
      setSentTo(email);
      setSecondsLeft(result.resendAfterSeconds);
    },
  });

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  /** Sends to `email`; answers the message key of a failure, or null. */
  const send = useCallback(
    (email: string): Promise<string | null> =>
      mutateAsync(email).then(
        () => null,
        (error: unknown) => failureKey(error),
      ),
    [mutateAsync],
  );

  return { send, sending, secondsLeft, sentTo };
}
