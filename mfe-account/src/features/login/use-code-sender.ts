import { useCallback, useEffect, useState } from 'react';
import { useLanguage } from '@meridian/platform';
import { usePlatform } from '../../app/platform-context.tsx';
import { accountApi, failureKey } from '../../api/account-api.ts';

/**
 * Sends a verification code and counts down until another may be sent (the server says how long;
 * a refused resend answers Retry-After, which the countdown also honours).
 */
export function useCodeSender(purpose: 'register' | 'reset') {
  const { api } = usePlatform();
  const language = useLanguage();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  /** Sends to `email`; answers the message key of a failure, or null. */
  const send = useCallback(
    async (email: string): Promise<string | null> => {
      setSending(true);
      try {
        const result = await accountApi.sendCode(api, { email, purpose, language });
        setSentTo(email);
        setSecondsLeft(result.resendAfterSeconds);
        return null;
      } catch (error) {
        return failureKey(error);
      } finally {
        setSending(false);
      }
    },
    [api, purpose, language],
  );

  return { send, sending, secondsLeft, sentTo };
}
