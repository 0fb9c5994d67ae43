import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { SUCCESS_CODES, VALIDATION_KEYS as V, messageKeyForCode } from '@meridian/contracts';
import { codeField, emailField, passwordField } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { FormField, SubmitRow, formClasses, schemaResolver } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { CodeField } from './code-field.tsx';
import { PassScreen } from './pass-screen.tsx';
import { PasswordInput } from '../../shared/password-input.tsx';
import { useCodeSender } from './use-code-sender.ts';
import styles from './pass.module.css';

const formSchema = z
  .object({ email: emailField, code: codeField, password: passwordField, confirm: z.string().min(1, { error: V.confirmRequired }) })
  .refine((v) => v.password === v.confirm, { error: V.passwordsDiffer, path: ['confirm'] });
type FormValues = { email: string; code: string; password: string; confirm: string };

/** `/pass/reset`: an emailed code, then a new password. Every device is signed out afterwards. */
export function ResetPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const codes = useCodeSender('reset');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, trigger, getValues } = useForm<FormValues>({
    resolver: schemaResolver(formSchema),
    defaultValues: { email: '', code: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = formState;

  const sendCode = async () => {
    setFailure(null);
    if (!(await trigger('email'))) return;
    setFailure(await codes.send(emailField.parse(getValues('email'))));
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const { email, code, password } = formSchema.parse(values);
    try {
      await accountApi.resetPassword(platform.api, { email, code, password });
      platform.toast(`${t(messageKeyForCode(SUCCESS_CODES.modified), { ns: 'common' })} ${t('pass.loginWithNew')}`, 'success');
      platform.navigate('/pass/login');
    } catch (error) {
      setFailure(failureKey(error));
    }
  });

  return (
    <PassScreen title={t('pages.reset')} lead={t('pass.resetLead')} testId="reset-page">
      <form className={styles.form} onSubmit={submit} noValidate data-testid="reset-form">
        <FormField label={t('pass.email')} error={errors.email?.message}>
          {(control) => <input {...control} className={formClasses.input} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <CodeField
          error={errors.code?.message}
          registration={register('code')}
          onSend={() => void sendCode()}
          sending={codes.sending}
          secondsLeft={codes.secondsLeft}
          sentTo={codes.sentTo}
        />
        <FormField label={t('pass.newPassword')} error={errors.password?.message} hint={t('pass.passwordHint')}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField label={t('pass.confirmPassword')} error={errors.confirm?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('confirm')} />}
        </FormField>
        <SubmitRow
          failure={failure}
          submitting={isSubmitting}
          label={t('pass.reset')}
          busyLabel={t('pass.resetting')}
          testId="reset-submit"
        />
      </form>
      <div className={styles.links}>
        <Link to="/pass/login">{t('pass.toLogin')}</Link>
      </div>
    </PassScreen>
  );
}
