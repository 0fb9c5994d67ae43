import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '@meridian/platform';
import { Button, FormField, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import type { CodeSender, EmailForm } from './use-code-sender.ts';
import styles from './pass.module.css';

/** The verification code box with its send button (to the form's email) and the resend countdown. */
export function CodeField({
  form,
  codes,
  error,
  registration,
}: {
  form: EmailForm;
  codes: CodeSender;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useT(NAMESPACE);
  const { sending, secondsLeft, sentTo } = codes;
  return (
    <FormField label={t('pass.code')} error={error} hint={sentTo ? t('pass.codeSent', { email: sentTo }) : t('pass.codeHint')}>
      {(control) => (
        <div className={styles.row}>
          <input
            {...control}
            className={formClasses.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...registration}
            data-testid="code-input"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => void codes.sendTo(form)}
            disabled={sending || secondsLeft > 0}
            data-testid="send-code"
          >
            {sending ? t('pass.sendingCode') : secondsLeft > 0 ? t('pass.resendIn', { seconds: secondsLeft }) : t('pass.sendCode')}
          </Button>
        </div>
      )}
    </FormField>
  );
}
