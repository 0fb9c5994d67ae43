import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { OPERATOR_CODES } from '@meridian/contracts';
import { operatorSignInBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Form, TextField } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useAdminErrorMessage } from '../../../shared/components/error-message.tsx';
import adminStyles from '../../../shared/components/admin.module.css';
import type { SignInState } from '../../../shared/layout.tsx';
import { sessionEndReason, setOperatorSession, useOperatorSession } from '../../../shared/session.ts';
import { signIn } from '../api/auth-api.ts';
import { AuthScreen, AuthSubmit, CODE_INPUT } from './auth-screen.tsx';

/** Codes that all mean "these credentials did not sign you in" (no hint which part was wrong). */
const GENERIC_FAILURES = new Set<string>(['401', OPERATOR_CODES.signInFailed, OPERATOR_CODES.codeRejected]);

/** Only a back-office page (never sign-in or set-up again, never another site) is a place to return to. */
function returnPath(from: string | undefined): string {
  if (!from || !from.startsWith('/admin') || from.startsWith('//')) return '/admin';
  return /^\/admin\/(sign-in|setup)\b/.test(from) ? '/admin' : from;
}

/** `/admin/sign-in`: email, password and the authenticator's current code. */
export function SignInPage() {
  const { t } = useT(NAMESPACE);
  const message = useAdminErrorMessage();
  const session = useOperatorSession();
  const location = useLocation();
  const from = (location.state as SignInState | null)?.from;
  const [ended] = useState(sessionEndReason);

  if (session) return <Navigate to={returnPath(from)} replace />;

  /** Wrong email, password or code all read the same (no hint which part was wrong). */
  const failureText = (error: unknown) => {
    const code = (error as { code?: string }).code ?? '';
    return GENERIC_FAILURES.has(code) ? t(`errors.${OPERATOR_CODES.signInFailed}`) : message(error);
  };

  return (
    <AuthScreen title={t('auth.signInTitle')} lead={t('auth.signInLead')} testId="sign-in-page">
      {ended ? (
        <p className={`${adminStyles.note} ${ended === 'expired' ? adminStyles.noteWarn : ''}`} role="status" data-testid="session-ended">
          {ended === 'expired' ? t('auth.sessionEnded') : t('auth.signedOut')}
        </p>
      ) : null}
      <Form
        schema={operatorSignInBody}
        defaultValues={{ email: '', password: '', code: '' }}
        onSubmit={async (values, form) => {
          try {
            const answer = await signIn(values);
            // The session re-renders this page, which then leaves for where the operator was going.
            setOperatorSession({ token: answer.token, operator: answer.operator });
          } catch (error) {
            form.setValue('code', '');
            throw error;
          }
        }}
        className={adminStyles.stack}
        testId="sign-in-form"
      >
        {(form, { failure, submitting }) => (
          <>
            <TextField form={form} name="email" label={t('auth.email')} type="email" autoComplete="username" dir="ltr" />
            <TextField form={form} name="password" label={t('auth.password')} type="password" autoComplete="current-password" />
            <TextField form={form} name="code" label={t('auth.code')} hint={t('auth.codeHint')} {...CODE_INPUT} />
            <AuthSubmit
              failure={failure ? failureText(failure) : null}
              submitting={submitting}
              label={t('auth.signIn')}
              busyLabel={t('auth.signingIn')}
              testId="sign-in-submit"
              failureTestId="sign-in-failure"
            />
          </>
        )}
      </Form>
    </AuthScreen>
  );
}
