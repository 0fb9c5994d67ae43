import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { OPERATOR_CODES } from '@meridian/contracts';
import type { SetupInfo } from '@meridian/contracts';
import { completeSetupBody, setupTokenBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { useAdminErrorMessage } from '../../../shared/components/error-message.tsx';
import { focusFirstInvalid } from '../../../shared/components/form-helpers.ts';
import { InputField } from '../../../shared/components/input-field.tsx';
import { RoleChips } from '../../../shared/components/role-chips.tsx';
import { setOperatorSession } from '../../../shared/session.ts';
import { validate } from '../../../shared/validate.ts';
import { completeSetup, setupInfoQueryOptions } from '../api/auth-api.ts';
import { AuthScreen, AuthSubmit, CODE_INPUT } from './auth-screen.tsx';
import styles from './auth.module.css';

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
  const [values, setValues] = useState({ email: '', name: info.name, password: '', confirm: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** A field's name, value, change and error, all from its one key. */
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      token,
      ...(firstAdmin ? { email: values.email, name: values.name } : {}),
      password: values.password,
      code: values.code,
    };
    const checked = validate(completeSetupBody, body);
    const found: Record<string, string> = { ...(checked.errors ?? {}) };
    if (!values.confirm) found.confirm = 'validation.confirmPassword';
    else if (values.confirm !== values.password) found.confirm = 'validation.passwordsDiffer';
    setErrors(found);
    if (!checked.data || Object.keys(found).length > 0) return focusFirstInvalid(form);
    setSubmitting(true);
    try {
      const session = await completeSetup(checked.data);
      setOperatorSession({ token: session.token, operator: session.operator });
      void navigate('/admin', { replace: true });
    } catch (error) {
      if (isInvalidLink(error)) return onLinkUsed();
      setFailure(error);
      setValues((v) => ({ ...v, code: '' }));
      setSubmitting(false);
    }
  };

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
        <form ref={form} className={adminStyles.stack} onSubmit={(e) => void submit(e)} noValidate data-testid="setup-form">
          {firstAdmin ? (
            <>
              <InputField label={t('auth.email')} {...field('email')} type="email" autoComplete="username" dir="ltr" />
              <InputField label={t('auth.name')} {...field('name')} autoComplete="name" maxLength={80} />
            </>
          ) : null}
          <InputField
            label={t('auth.newPassword')}
            {...field('password')}
            hint={t('auth.passwordHint')}
            type="password"
            autoComplete="new-password"
          />
          <InputField label={t('auth.confirmPassword')} {...field('confirm')} type="password" autoComplete="new-password" />
          <InputField label={t('auth.setupCode')} {...field('code')} hint={t('auth.setupCodeHint')} {...CODE_INPUT} />
          <AuthSubmit
            failure={failure ? message(failure) : null}
            submitting={submitting}
            label={t('auth.finishSetup')}
            busyLabel={t('auth.settingUp')}
            testId="setup-submit"
            failureTestId="setup-failure"
          />
        </form>
      </div>
    </div>
  );
}
