import { Link } from 'react-router-dom';
import { SUCCESS_CODES, messageKeyForCode } from '@meridian/contracts';
import { codeField, emailField, withNewPassword } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { SubmitRow } from '@meridian/ui';
import { Form, TextField, fieldError } from '@meridian/ui/form';
import { accountApi } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { CodeField } from './code-field.tsx';
import { PassScreen } from './pass-screen.tsx';
import { NewPasswordFields } from '../../shared/password-input.tsx';
import { useCodeSender } from './use-code-sender.ts';
import styles from './pass.module.css';

const formSchema = withNewPassword({ email: emailField, code: codeField });

/** `/pass/reset`: an emailed code, then a new password. Every device is signed out afterwards. */
export function ResetPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const codes = useCodeSender('reset');
  return (
    <PassScreen title={t('pages.reset')} lead={t('pass.resetLead')} testId="reset-page">
      <Form
        schema={formSchema}
        defaultValues={{ email: '', code: '', password: '', confirm: '' }}
        onSubmit={({ email, code, password }) =>
          codes.submit(async () => {
            await accountApi.resetPassword(platform.api, { email, code, password });
            platform.toast(`${t(messageKeyForCode(SUCCESS_CODES.modified), { ns: 'common' })} ${t('pass.loginWithNew')}`, 'success');
            platform.navigate('/pass/login');
          })
        }
        className={styles.form}
        testId="reset-form"
      >
        {(form, { submitting }) => (
          <>
            <TextField form={form} name="email" label={t('pass.email')} type="email" autoComplete="email" />
            <CodeField form={form} codes={codes} error={fieldError(form, 'code')} registration={form.register('code')} />
            <NewPasswordFields form={form} label={t('pass.newPassword')} confirmLabel={t('pass.confirmPassword')} />
            <SubmitRow
              failure={codes.failure}
              submitting={submitting}
              label={t('pass.reset')}
              busyLabel={t('pass.resetting')}
              testId="reset-submit"
            />
          </>
        )}
      </Form>
      <div className={styles.links}>
        <Link to="/pass/login">{t('pass.toLogin')}</Link>
      </div>
    </PassScreen>
  );
}
