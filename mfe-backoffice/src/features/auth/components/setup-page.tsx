import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { OPERATOR_CODES } from '@meridian/contracts';
import type { SetupInfo } from '@meridian/contracts';
import { completeSetupBody, setupTokenBody, withNewPassword } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Form, TextField } from '@meridian/ui/form';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { useAdminErrorMessage } from '../../../shared/components/error-message.tsx';
import { RoleChips } from '../../../shared/components/role-chips.tsx';
import { setOperatorSession } from '../../../shared/session.ts';
import { completeSetup, setupInfoQueryOptions } from '../api/auth-api.ts';
import { AuthScreen, AuthSubmit, CODE_INPUT } from './auth-screen.tsx';
import styles from './auth.module.css';

/**
 * The set-up form: the call's own fields (email and name only sent by the first admin, who gets their
 * boxes) and the new password with its confirmation.
 */
const setupSchema = withNewPassword(completeSetupBody.omit({ token: true, password: true }).shape);

const isInvalidLink = (error: unknown) => (error as { code?: string } | null)?.code === OPERATOR_CODES.setupLinkInvalid;

/**
 * `/admin/setup#<token>`: the link an admin handed over (or the first admin's, from the server's
 * start). Shows who is being set up and the authenticator secret; the operator chooses a password
 * and proves the authenticator with a code, and is signed in.
 */
export function SetupPage() {
  const { t } = useT(NAMESPACE);
  const describeError = useAdminErrorMessage();
  const token = useLocation().hash.replace(/^#/, '');
  const wellFormed = setupTokenBody.safeParse({ token }).success;
  const query = useQuery({ ...setupInfoQueryOptions(token), enabled: wellFormed });
  const [linkUsed, setLinkUsed] = useState(false);

  if (!wellFormed || linkUsed || isInvalidLink(query.error)) {
    return (
      <AuthScreen title={t('auth.setupInvalidTitle')} testId="setup-page">
        <p className={`${adminStyles.note} ${adminStyles.noteError}`} role="alert" data-testid="setup-invalid">
          {t(`errors.${OPERATOR_CODES.setupLinkInvalid}`)}
        </p>
        <p className={styles.lead}>{t('auth.setupInvalidBody')}</p>
        <Link to="/admin/sign-in" className={adminStyles.link}>
          {t('auth.toSignIn')}
        </Link>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t('auth.setupTitle')} lead={t('auth.setupLead')} wide testId="setup-page">
      <QueryView query={query} describeError={describeError}>
        {(info) => <SetupForm token={token} info={info} onLinkUsed={() => setLinkUsed(true)} />}
      </QueryView>
    </AuthScreen>
  );
}

function SetupForm({ token, info, onLinkUsed }: { token: string; info: SetupInfo; onLinkUsed: () => void }) {
  const { t } = useT(NAMESPACE);
  const message = useAdminErrorMessage();
  const navigate = useNavigate();
  const firstAdmin = info.email === null;

  return (
    <div className={styles.columns}>
      <section className={styles.enrol} aria-labelledby="setup-enrol">
        <h2 id="setup-enrol" className={styles.step}>
          {t('auth.stepScan')}
        </h2>
        <img className={styles.qr} src={info.qrDataUrl} alt={t('auth.qrAlt')} width={220} height={220} data-testid="totp-qr" />
        <p className={styles.secretLabel}>{t('auth.secretLabel')}</p>
        <code className={styles.secret} data-testid="totp-secret">
          {info.secret}
        </code>
      </section>
      <div className={adminStyles.stack}>
        <dl className={styles.who} data-testid="setup-who">
          <dt>{t('auth.whoEmail')}</dt>
          <dd dir="ltr">{info.email ?? t('auth.firstAdmin')}</dd>
          <dt>{t('auth.whoName')}</dt>
          <dd>{info.name}</dd>
          <dt>{t('auth.whoRoles')}</dt>
          <dd>
            <RoleChips roles={info.roles} />
          </dd>
        </dl>
        <Form
          schema={setupSchema}
          // Only the first admin names their own email and name (the fields exist only then; an invitation fixed both).
          defaultValues={
            firstAdmin ? { email: '', name: info.name, password: '', confirm: '', code: '' } : { password: '', confirm: '', code: '' }
          }
          onSubmit={async ({ confirm: _repeated, ...values }, form) => {
            try {
              const session = await completeSetup({ token, ...values });
              setOperatorSession({ token: session.token, operator: session.operator });
              void navigate('/admin', { replace: true });
            } catch (error) {
              if (isInvalidLink(error)) return onLinkUsed();
              form.setValue('code', '');
              throw error;
            }
          }}
          className={adminStyles.stack}
          testId="setup-form"
        >
          {(form, { failure, submitting }) => (
            <>
              {firstAdmin ? (
                <>
                  <TextField form={form} name="email" label={t('auth.email')} type="email" autoComplete="username" dir="ltr" />
                  <TextField form={form} name="name" label={t('auth.name')} autoComplete="name" maxLength={80} />
                </>
              ) : null}
              <TextField
                form={form}
                name="password"
                label={t('auth.newPassword')}
                hint={t('auth.passwordHint')}
                type="password"
                autoComplete="new-password"
              />
              <TextField form={form} name="confirm" label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
              <TextField form={form} name="code" label={t('auth.setupCode')} hint={t('auth.setupCodeHint')} {...CODE_INPUT} />
              <AuthSubmit
                failure={failure ? message(failure) : null}
                submitting={submitting}
                label={t('auth.finishSetup')}
                busyLabel={t('auth.settingUp')}
                testId="setup-submit"
                failureTestId="setup-failure"
              />
            </>
          )}
        </Form>
      </div>
    </div>
  );
}
