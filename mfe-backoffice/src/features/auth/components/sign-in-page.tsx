import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { OPERATOR_CODES } from '@meridian/contracts';
import { operatorSignInBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button, FormField, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useAdminErrorMessage } from '../../../shared/components/error-message.tsx';
import { focusFirstInvalid } from '../../../shared/components/form-helpers.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import type { SignInState } from '../../../shared/layout.tsx';
import { sessionEndReason, setOperatorSession, useOperatorSession } from '../../../shared/session.ts';
import { validate } from '../../../shared/validate.ts';
import { signIn } from '../api/auth-api.ts';
import { AuthScreen } from './auth-screen.tsx';
import styles from './auth.module.css';

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
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (session) return <Navigate to={returnPath(from)} replace />;

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(operatorSignInBody, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstInvalid(form);
    setSubmitting(true);
    try {
      const answer = await signIn(checked.data);
      // The session re-renders this page, which then leaves for where the operator was going.
      setOperatorSession({ token: answer.token, operator: answer.operator });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      setFailure(GENERIC_FAILURES.has(code) ? t(`errors.${OPERATOR_CODES.signInFailed}`) : message(error));
      setValues((v) => ({ ...v, code: '' }));
      setSubmitting(false);
    }
  };

  return (
    <AuthScreen title={t('auth.signInTitle')} lead={t('auth.signInLead')} testId="sign-in-page">
      {ended ? (
        <p className={`${adminStyles.note} ${ended === 'expired' ? adminStyles.noteWarn : ''}`} role="status" data-testid="session-ended">
          {ended === 'expired' ? t('auth.sessionEnded') : t('auth.signedOut')}
        </p>
      ) : null}
      <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="sign-in-form">
        <FormField label={t('auth.email')} error={errors.email}>
          {(control) => (
            <input
              {...control}
              className={formClasses.input}
              type="email"
              name="email"
              autoComplete="username"
              dir="ltr"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </FormField>
        <FormField label={t('auth.password')} error={errors.password}>
          {(control) => (
            <input
              {...control}
              className={formClasses.input}
              type="password"
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={set('password')}
            />
          )}
        </FormField>
        <FormField label={t('auth.code')} error={errors.code} hint={t('auth.codeHint')}>
          {(control) => (
            <input
              {...control}
              className={`${formClasses.input} ${styles.code}`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={values.code}
              onChange={set('code')}
            />
          )}
        </FormField>
        {failure ? (
          <p className={`${adminStyles.note} ${adminStyles.noteError}`} role="alert" data-testid="sign-in-failure">
            {failure}
          </p>
        ) : null}
        <Button
          type="submit"
          className={styles.submit}
          disabled={submitting}
          aria-busy={submitting || undefined}
          data-testid="sign-in-submit"
        >
          {submitting ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
    </AuthScreen>
  );
}
