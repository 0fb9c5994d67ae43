import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { AREA_CODES } from '@meridian/contracts';
import { codeField, emailField, inviteCodeField, phoneField, withNewPassword } from '@meridian/contracts/schemas';
import { useLanguage, useT } from '@meridian/platform';
import { FormField, SubmitRow, formClasses } from '@meridian/ui';
import { Form, TextField, fieldError } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { accountApi } from '../../api/account-api.ts';
import { accountQueries } from '../../api/account-queries.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { completeSignIn } from '../../session/complete-sign-in.ts';
import { CodeField } from './code-field.tsx';
import { PassScreen } from './pass-screen.tsx';
import { NewPasswordFields } from '../../shared/password-input.tsx';
import { useCodeSender } from './use-code-sender.ts';
import styles from './pass.module.css';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]);

/** The server's sign-up rules plus the confirmation box, with the same message keys. */
const formSchema = withNewPassword({
  email: emailField,
  code: codeField,
  areaCode: z.enum(AREA_CODES),
  phone: optional(phoneField),
  inviteCode: optional(inviteCodeField),
});

type Availability = 'unknown' | 'checking' | 'available' | 'taken';

/** `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Tells while typing whether the email is free (checkUserNameOrPhone), after a short pause. */
function useEmailAvailability(email: string): Availability {
  const { api } = usePlatform();
  const candidate = emailField.safeParse(email).success ? email.trim().toLowerCase() : null;
  const settled = useSettled(candidate, 400);
  // A query left behind by further typing is cancelled (its signal aborts) once nothing watches it.
  const check = useQuery(accountQueries.emailAvailability(api, settled));
  if (candidate === null) return 'unknown';
  if (settled !== candidate || check.isFetching) return 'checking';
  if (check.data) return check.data.available ? 'available' : 'taken';
  return 'unknown';
}

const AVAILABILITY_HINTS: Partial<Record<Availability, string>> = {
  checking: 'pass.checking',
  available: 'pass.emailAvailable',
  taken: 'pass.emailTaken',
};

/** The email box, saying while typing whether the address is free. */
function EmailField({ form }: { form: KitForm<typeof formSchema> }) {
  const { t } = useT(NAMESPACE);
  const hint = AVAILABILITY_HINTS[useEmailAvailability(useWatch({ control: form.control, name: 'email' }))];
  return (
    <TextField
      form={form}
      name="email"
      label={t('pass.email')}
      type="email"
      autoComplete="email"
      hint={hint ? <span data-testid="email-availability">{t(hint)}</span> : undefined}
    />
  );
}

/** `/pass/register`: email, password, emailed code, optional phone and invite code. */
export function RegisterPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  const codes = useCodeSender('register');
  const invite = new URLSearchParams(useLocation().search).get('invite') ?? '';
  return (
    <PassScreen title={t('pages.register')} lead={t('pass.registerLead')} testId="register-page">
      <Form
        schema={formSchema}
        defaultValues={{ email: '', password: '', confirm: '', code: '', areaCode: AREA_CODES[0], phone: '', inviteCode: invite }}
        onSubmit={(values) =>
          codes.submit(async () => {
            const result = await accountApi.register(platform.api, {
              email: values.email,
              password: values.password,
              code: values.code,
              ...(values.phone ? { areaCode: values.areaCode, phone: values.phone } : {}),
              ...(values.inviteCode ? { inviteCode: values.inviteCode } : {}),
              language,
            });
            completeSignIn(platform, result);
          })
        }
        className={styles.form}
        testId="register-form"
      >
        {(form, { submitting }) => (
          <>
            <EmailField form={form} />
            <NewPasswordFields
              form={form}
              label={t('pass.password')}
              confirmLabel={t('pass.confirmPassword')}
              testIds={{ password: 'password-input', confirm: 'confirm-input' }}
            />
            <CodeField form={form} codes={codes} error={fieldError(form, 'code')} registration={form.register('code')} />
            <FormField label={t('pass.phoneOptional')} error={fieldError(form, 'phone')}>
              {(control) => (
                <div className={styles.phone}>
                  <select className={formClasses.select} aria-label={t('pass.areaCode')} {...form.register('areaCode')}>
                    {AREA_CODES.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                  <input
                    {...control}
                    className={formClasses.input}
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    {...form.register('phone')}
                  />
                </div>
              )}
            </FormField>
            <TextField form={form} name="inviteCode" label={t('pass.inviteOptional')} autoComplete="off" maxLength={12} />
            <SubmitRow
              failure={codes.failure}
              submitting={submitting}
              label={t('pass.register')}
              busyLabel={t('pass.registering')}
              testId="register-submit"
            />
          </>
        )}
      </Form>
      <div className={styles.links}>
        <span>
          {t('pass.haveAccount')} <Link to="/pass/login">{t('pass.toLogin')}</Link>
        </span>
      </div>
    </PassScreen>
  );
}
