import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LANGUAGES, VALIDATION_KEYS as V } from '@meridian/contracts';
import type { LanguageCode, SessionItem } from '@meridian/contracts';
import { currentPasswordField, passwordField } from '@meridian/contracts/schemas';
import { clearSession, formatDateTime, languageAtom, sessionStore, useLanguage, useT } from '@meridian/platform';
import { Button, ErrorState, formClasses, FormField, LoadingState, Modal, schemaResolver, SubmitRow, surfaceClasses } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../app/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import { PasswordInput } from '../login/password-input.tsx';
import { useAccount } from '../profile/use-account.ts';
import styles from '../profile/profile.module.css';

function LanguageSection() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const language = useLanguage();
  const choose = (next: LanguageCode) => {
    // The shell follows the language atom (document direction, every namespace); the server keeps it for mail.
    sessionStore.set(languageAtom, next);
    void accountApi.setLanguage(api, next).catch(() => undefined);
  };
  return (
    <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="language-title">
      <h2 id="language-title" className={styles.cardTitle}>
        {t('settings.language')}
      </h2>
      <p className={styles.muted}>{t('settings.languageLead')}</p>
      <select
        className={formClasses.select}
        value={language}
        onChange={(e) => choose(e.target.value as LanguageCode)}
        aria-label={t('settings.language')}
        data-testid="settings-language"
        style={{ maxWidth: '20rem' }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </section>
  );
}

const passwordSchema = z
  .object({ oldPassword: currentPasswordField, password: passwordField, confirm: z.string().min(1, { error: V.confirmRequired }) })
  .refine((v) => v.password === v.confirm, { error: V.passwordsDiffer, path: ['confirm'] })
  .refine((v) => v.password !== v.oldPassword, { error: V.passwordSame, path: ['password'] });
type PasswordValues = z.input<typeof passwordSchema>;

function PasswordSection({ hasPassword, onChanged }: { hasPassword: boolean; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<PasswordValues>({
    resolver: schemaResolver(passwordSchema),
    defaultValues: { oldPassword: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.changePassword(platform.api, { oldPassword: values.oldPassword, password: values.password });
      reset();
      platform.toast(t('settings.passwordChanged'), 'success');
      onChanged();
    } catch (error) {
      setFailure(failureKey(error));
    }
  });
  return (
    <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.cardTitle}>
        {t('settings.password')}
      </h2>
      {hasPassword ? (
        <form
          onSubmit={submit}
          noValidate
          style={{ display: 'grid', gap: 'var(--m-space-4)', maxWidth: '28rem' }}
          data-testid="password-form"
        >
          <FormField label={t('settings.currentPassword')} error={errors.oldPassword?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...register('oldPassword')} data-testid="old-password" />
            )}
          </FormField>
          <FormField label={t('settings.newPassword')} error={errors.password?.message} hint={t('pass.passwordHint')}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} data-testid="new-password" />}
          </FormField>
          <FormField label={t('settings.confirmPassword')} error={errors.confirm?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" {...register('confirm')} data-testid="confirm-password" />
            )}
          </FormField>
          <SubmitRow
            failure={failure}
            submitting={isSubmitting}
            label={t('settings.save')}
            busyLabel={t('settings.saving')}
            testId="password-submit"
          />
        </form>
      ) : (
        <p className={styles.muted}>{t('settings.noPassword')}</p>
      )}
    </section>
  );
}

function SessionsSection({ version }: { version: number }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  const [sessions, setSessions] = useState<SessionItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(() => {
    setFailure(null);
    accountApi
      .listSessions(platform.api)
      .then(setSessions)
      .catch((error: unknown) => setFailure(failureKey(error)));
  }, [platform.api]);
  useEffect(() => load(), [load, version]);

  const signOutOthers = async () => {
    await accountApi.revokeSessions(platform.api, 'others');
    platform.toast(t('settings.signedOutOthers'), 'success');
    load();
  };
  const signOutEverywhere = async () => {
    setConfirming(false);
    try {
      await accountApi.revokeSessions(platform.api, 'all');
    } finally {
      clearSession();
      platform.toast(t('profile.loggedOut'), 'info');
      platform.navigate('/pass/login');
    }
  };

  return (
    <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title" className={styles.cardTitle}>
        {t('settings.sessions')}
      </h2>
      <p className={styles.muted}>{t('settings.sessionsLead')}</p>
      {failure ? <ErrorState title={t(failure, { ns: 'common' })} onRetry={load} /> : null}
      {!sessions && !failure ? <LoadingState /> : null}
      {sessions ? (
        <ul className={styles.list}>
          {sessions.map((s) => (
            <li key={s.id} className={styles.item} data-testid="session-item">
              <div className={styles.itemBody}>
                <p className={styles.itemTitle}>
                  {describeDevice(s.userAgent) ?? t('settings.unknownDevice')}{' '}
                  {s.current ? <span className={styles.badge}>{t('settings.thisDevice')}</span> : null}
                </p>
                <p className={styles.muted}>
                  {s.ip} · {t('settings.signedInAt', { time: formatDateTime(s.createdAt, language) })} ·{' '}
                  {t('settings.lastUsed', { time: formatDateTime(s.lastUsedAt, language) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void signOutOthers()} data-testid="sign-out-others">
          {t('settings.signOutOthers')}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="sign-out-everywhere">
          {t('settings.signOutEverywhere')}
        </Button>
      </div>
      {confirming ? (
        <Modal title={t('settings.signOutEverywhere')} onClose={() => setConfirming(false)} testId="confirm-everywhere">
          <p>{t('settings.confirmEverywhere')}</p>
          <div className={styles.actions}>
            <Button onClick={() => void signOutEverywhere()} data-testid="confirm-everywhere-yes">
              {t('settings.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

/** `/profile/settings`: language, password change, signed-in devices. */
export function SettingsPage() {
  const { t } = useT(NAMESPACE);
  const { state } = useAccount();
  const [version, setVersion] = useState(0);
  return (
    <div className={styles.page} data-testid="settings-page">
      <h1 className={styles.title}>{t('pages.settings')}</h1>
      <LanguageSection />
      {state.status === 'ready' ? (
        <PasswordSection hasPassword={state.info.user.hasPassword} onChanged={() => setVersion((v) => v + 1)} />
      ) : (
        <LoadingState />
      )}
      <SessionsSection version={version} />
    </div>
  );
}
