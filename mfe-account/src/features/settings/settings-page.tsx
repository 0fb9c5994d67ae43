import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, SUCCESS_CODES, VALIDATION_KEYS as V, messageKeyForCode } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { currentPasswordField, withNewPassword } from '@meridian/contracts/schemas';
import { clearSession, formatDateTime, languageAtom, sessionStore, useLanguage, useT, useUser } from '@meridian/platform';
import { Button, formClasses, Modal, SubmitRow } from '@meridian/ui';
import { Form } from '@meridian/ui/form';
import { QueryView } from '@meridian/ui/query-view';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { accountKeys, accountQueries, forgetUserData } from '../../api/account-queries.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import styles from '../../shared/account-page.module.css';
import { NewPasswordFields, PasswordField } from '../../shared/password-input.tsx';
import { usePlatform } from '../../shared/platform-context.tsx';
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
    <AccountCard id="language" title={t('settings.language')}>
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
    </AccountCard>
  );
}

const passwordSchema = withNewPassword({ oldPassword: currentPasswordField }).refine((v) => v.password !== v.oldPassword, {
  error: V.passwordSame,
  path: ['password'],
});

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  return (
    <AccountCard id="password" title={t('settings.password')}>
      {hasPassword ? (
        <Form
          schema={passwordSchema}
          defaultValues={{ oldPassword: '', password: '', confirm: '' }}
          onSubmit={async ({ oldPassword, password }, form) => {
            await accountApi.changePassword(platform.api, { oldPassword, password });
            form.reset();
            // 20005 "modified successfully", and what it means here.
            platform.toast(`${t(messageKeyForCode(SUCCESS_CODES.modified), { ns: 'common' })} ${t('settings.othersSignedOut')}`, 'success');
            // A new password signs the other devices out: the list of sessions is asked again.
            void queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) });
          }}
          className={styles.form}
          testId="password-form"
        >
          {(form, { failure, submitting }) => (
            <>
              <PasswordField
                form={form}
                name="oldPassword"
                label={t('settings.currentPassword')}
                autoComplete="current-password"
                testId="old-password"
              />
              <NewPasswordFields
                form={form}
                label={t('settings.newPassword')}
                confirmLabel={t('settings.confirmPassword')}
                testIds={{ password: 'new-password', confirm: 'confirm-password' }}
              />
              <SubmitRow
                failure={failure ? failureKey(failure) : null}
                submitting={submitting}
                label={t('settings.save')}
                busyLabel={t('settings.saving')}
                testId="password-submit"
              />
            </>
          )}
        </Form>
      ) : (
        <p className={styles.muted}>{t('settings.noPassword')}</p>
      )}
    </AccountCard>
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
    <AccountCard id="sessions" title={t('settings.sessions')} testId="sessions">
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
    </AccountCard>
  );
}

/** `/profile/settings`: language, password change, signed-in devices. */
export function SettingsPage() {
  const { t } = useT(NAMESPACE);
  const account = useAccount();
  return (
    <AccountPage title={t('pages.settings')} testId="settings-page">
      <LanguageSection />
      <QueryView query={account}>{(info) => <PasswordSection hasPassword={info.user.hasPassword} />}</QueryView>
      <SessionsSection />
    </AccountPage>
  );
}
