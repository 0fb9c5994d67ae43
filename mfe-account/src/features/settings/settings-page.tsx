import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LANGUAGES, SUCCESS_CODES, VALIDATION_KEYS as V, messageKeyForCode } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { currentPasswordField, passwordField } from '@meridian/contracts/schemas';
import { clearSession, formatDateTime, languageAtom, sessionStore, useLanguage, useT, useUser } from '@meridian/platform';
import { Button, formClasses, FormField, Modal, schemaResolver, SubmitRow, surfaceClasses } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { accountKeys, accountQueries, forgetUserData } from '../../api/account-queries.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import styles from '../../shared/account-page.module.css';
import { PasswordInput } from '../../shared/password-input.tsx';
import { usePlatform } from '../../shared/platform-context.tsx';
import { QueryView } from '../../shared/query-view.tsx';
import { useAccount } from '../../shared/use-account.ts';

function LanguageSection() {
  const { t } = useT(NAMESPACE);
  const { api, toast } = usePlatform();
  const language = useLanguage();
  const choose = (next: LanguageCode) => {
    // The shell follows the language atom (document direction, every namespace); the server keeps it for mail.
    sessionStore.set(languageAtom, next);
    // The server answers 20005 "modified successfully", shown in the language just chosen.
    void accountApi.setLanguage(api, next).then(
      () => toast(t(messageKeyForCode(SUCCESS_CODES.modified), { ns: 'common' }), 'success'),
      () => undefined,
    );
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

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
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
      // 20005 "modified successfully", and what it means here.
      platform.toast(`${t(messageKeyForCode(SUCCESS_CODES.modified), { ns: 'common' })} ${t('settings.othersSignedOut')}`, 'success');
      // A new password signs the other devices out: the list of sessions is asked again.
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) });
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

function SessionsSection() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const sessions = useQuery(accountQueries.sessions(platform.api, userId));
  const [confirming, setConfirming] = useState(false);

  const signOutOthers = useMutation({
    mutationFn: () => accountApi.revokeSessions(platform.api, 'others'),
    onSuccess: () => {
      platform.toast(t('settings.signedOutOthers'), 'success');
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) });
    },
    onError: (error) => platform.toast(t(failureKey(error), { ns: 'common' }), 'error'),
  });
  const signOutEverywhere = async () => {
    setConfirming(false);
    try {
      await accountApi.revokeSessions(platform.api, 'all');
    } finally {
      clearSession();
      forgetUserData();
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
      <QueryView query={sessions}>
        {(list) => (
          <ul className={styles.list}>
            {list.map((s) => (
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
        )}
      </QueryView>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => signOutOthers.mutate()} data-testid="sign-out-others">
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
  const account = useAccount();
  return (
    <div className={styles.page} data-testid="settings-page">
      <h1 className={styles.title}>{t('pages.settings')}</h1>
      <LanguageSection />
      <QueryView query={account}>{(info) => <PasswordSection hasPassword={info.user.hasPassword} />}</QueryView>
      <SessionsSection />
    </div>
  );
}
