import { useCallback, useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { emailField } from '@meridian/contracts/schemas';
import { useLanguage } from '@meridian/platform';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';

/** What sending a code needs of the form: its email field, checked. */
export interface EmailForm {
  trigger: (name: 'email') => Promise<boolean>;
  getValues: (name: 'email') => string;
}

/**
 * The state of a /pass form that sends a verification code: the code is sent to the form's email and the
 * countdown runs until another may be sent (the server says how long; a refused resend answers
 * Retry-After, which the countdown also honours). `failure` is what the last send or submit was refused
 * with (a `common` message key), shown once above the submit button.
 */
export function useCodeSender(purpose: 'register' | 'reset') {
  const { api } = usePlatform();
  const language = useLanguage();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
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

  /** Sends a code to the form's email once its field is valid (it says why otherwise). */
  const sendTo = useCallback(
    async (form: EmailForm) => {
      setFailure(null);
      if (!(await form.trigger('email'))) return;
      await mutateAsync(emailField.parse(form.getValues('email'))).catch((error: unknown) => setFailure(failureKey(error)));
    },
    [mutateAsync],
  );

  /** Runs the form's submit; a refusal becomes the failure shown. */
  const submit = useCallback(async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureKey(error));
    }
  }, []);

  return { sendTo, submit, failure, sending, secondsLeft, sentTo };
}

export type CodeSender = ReturnType<typeof useCodeSender>;
