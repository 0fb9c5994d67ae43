import { Link } from 'react-router-dom';
import { loginBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { SubmitRow } from '@meridian/ui';
import { Form, TextField } from '@meridian/ui/form';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { completeSignIn } from '../../session/complete-sign-in.ts';
import { SocialLogin, useSocialReturn } from './social-login.tsx';
import { WalletLogin } from './wallet-login.tsx';
import { PassScreen } from './pass-screen.tsx';
import { PasswordField } from '../../shared/password-input.tsx';
import styles from './pass.module.css';

const formSchema = loginBody.pick({ email: true, password: true });

/** `/pass/login`: email and password, social providers, wallets. */
export function LoginPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const socialReturn = useSocialReturn();

  return (
    <PassScreen title={t('pages.login')} lead={t('pass.loginLead')} testId="login-page">
      {socialReturn.kind === 'finishing' ? (
        <p className={styles.lead} role="status">
          {t('social.finishing')}
        </p>
      ) : null}
      <Form
        schema={formSchema}
        defaultValues={{ email: '', password: '' }}
        onSubmit={async (values) => completeSignIn(platform, await accountApi.login(platform.api, values))}
        className={styles.form}
        testId="login-form"
      >
        {(form, { failure, submitting }) => (
          <>
            <TextField form={form} name="email" label={t('pass.email')} type="email" autoComplete="username" />
            <PasswordField form={form} name="password" label={t('pass.password')} autoComplete="current-password" />
            <SubmitRow
              failure={failure ? failureKey(failure) : socialReturn.kind === 'failed' ? socialReturn.messageKey : null}
              submitting={submitting}
              label={t('pass.login')}
              busyLabel={t('pass.loggingIn')}
              testId="login-submit"
            />
          </>
        )}
      </Form>
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
