import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { loginBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { FormField, SubmitRow, formClasses, schemaResolver } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { completeSignIn } from '../../session/complete-sign-in.ts';
import { SocialLogin, useSocialReturn } from './social-login.tsx';
import { WalletLogin } from './wallet-login.tsx';
import { PassScreen } from './pass-screen.tsx';
import { PasswordInput } from '../../shared/password-input.tsx';
import styles from './pass.module.css';

const formSchema = loginBody.pick({ email: true, password: true });
type FormValues = { email: string; password: string };

/** `/pass/login`: email and password, social providers, wallets. */
export function LoginPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const socialReturn = useSocialReturn();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: schemaResolver(formSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      completeSignIn(platform, await accountApi.login(platform.api, formSchema.parse(values)));
    } catch (error) {
      setFailure(failureKey(error));
    }
  });

  return (
    <PassScreen title={t('pages.login')} lead={t('pass.loginLead')} testId="login-page">
      {socialReturn.kind === 'finishing' ? (
        <p className={styles.lead} role="status">
          {t('social.finishing')}
        </p>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form">
        <FormField label={t('pass.email')} error={errors.email?.message}>
          {(control) => <input {...control} className={formClasses.input} type="email" autoComplete="username" {...register('email')} />}
        </FormField>
        <FormField label={t('pass.password')} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('password')} />}
        </FormField>
        <SubmitRow
          failure={failure ?? (socialReturn.kind === 'failed' ? socialReturn.messageKey : null)}
          submitting={isSubmitting}
          label={t('pass.login')}
          busyLabel={t('pass.loggingIn')}
          testId="login-submit"
        />
      </form>
      <div className={styles.links}>
        <Link to="/pass/reset">{t('pass.forgot')}</Link>
        <span>
          {t('pass.noAccount')} <Link to="/pass/register">{t('pass.toRegister')}</Link>
        </span>
      </div>
      <SocialLogin />
      <WalletLogin />
    </PassScreen>
  );
}
