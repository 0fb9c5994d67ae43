import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { AREA_CODES, VALIDATION_KEYS as V } from '@meridian/contracts';
import { codeField, emailField, inviteCodeField, passwordField, phoneField } from '@meridian/contracts/schemas';
import { useLanguage, useT } from '@meridian/platform';
import { FormField, SubmitRow, formClasses, schemaResolver } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { accountQueries } from '../../api/account-queries.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { completeSignIn } from '../../session/complete-sign-in.ts';
import { CodeField } from './code-field.tsx';
import { PassScreen } from './pass-screen.tsx';
import { PasswordInput } from '../../shared/password-input.tsx';
import { useCodeSender } from './use-code-sender.ts';
import styles from './pass.module.css';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]);

/** The server's sign-up rules plus the confirmation box, with the same message keys. */
const formSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirm: z.string().min(1, { error: V.confirmRequired }),
    code: codeField,
    areaCode: z.enum(AREA_CODES),
    phone: optional(phoneField),
    inviteCode: optional(inviteCodeField),
  })
  .refine((v) => v.password === v.confirm, { error: V.passwordsDiffer, path: ['confirm'] });
type FormValues = z.input<typeof formSchema>;

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

/** `/pass/register`: email, password, emailed code, optional phone and invite code. */
export function RegisterPage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  const codes = useCodeSender('register');
  const [failure, setFailure] = useState<string | null>(null);
  const invite = new URLSearchParams(useLocation().search).get('invite') ?? '';
  const { register, handleSubmit, formState, watch, trigger, getValues } = useForm<FormValues>({
    resolver: schemaResolver(formSchema),
    defaultValues: { email: '', password: '', confirm: '', code: '', areaCode: AREA_CODES[0], phone: '', inviteCode: invite },
  });
  const { errors, isSubmitting } = formState;
  const availability = useEmailAvailability(watch('email'));

  const sendCode = async () => {
    setFailure(null);
    if (!(await trigger('email'))) return;
    setFailure(await codes.send(emailField.parse(getValues('email'))));
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const parsed = formSchema.parse(values);
    try {
      const result = await accountApi.register(platform.api, {
        email: parsed.email,
        password: parsed.password,
        code: parsed.code,
        ...(parsed.phone ? { areaCode: parsed.areaCode, phone: parsed.phone } : {}),
        ...(parsed.inviteCode ? { inviteCode: parsed.inviteCode } : {}),
        language,
      });
      completeSignIn(platform, result);
    } catch (error) {
      setFailure(failureKey(error));
    }
  });

  const emailHint =
    availability === 'checking'
      ? t('pass.checking')
      : availability === 'available'
        ? t('pass.emailAvailable')
        : availability === 'taken'
          ? t('pass.emailTaken')
          : undefined;

  return (
    <PassScreen title={t('pages.register')} lead={t('pass.registerLead')} testId="register-page">
      <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form">
        <FormField
          label={t('pass.email')}
          error={errors.email?.message}
          hint={emailHint ? <span data-testid="email-availability">{emailHint}</span> : undefined}
        >
          {(control) => <input {...control} className={formClasses.input} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField label={t('pass.password')} error={errors.password?.message} hint={t('pass.passwordHint')}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} data-testid="password-input" />}
        </FormField>
        <FormField label={t('pass.confirmPassword')} error={errors.confirm?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('confirm')} data-testid="confirm-input" />}
        </FormField>
        <CodeField
          error={errors.code?.message}
          registration={register('code')}
          onSend={() => void sendCode()}
          sending={codes.sending}
          secondsLeft={codes.secondsLeft}
          sentTo={codes.sentTo}
        />
        <FormField label={t('pass.phoneOptional')} error={errors.phone?.message}>
          {(control) => (
            <div className={styles.phone}>
              <select className={formClasses.select} aria-label={t('pass.areaCode')} {...register('areaCode')}>
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
                {...register('phone')}
              />
            </div>
          )}
        </FormField>
        <FormField label={t('pass.inviteOptional')} error={errors.inviteCode?.message}>
          {(control) => <input {...control} className={formClasses.input} autoComplete="off" maxLength={12} {...register('inviteCode')} />}
        </FormField>
        <SubmitRow
          failure={failure}
          submitting={isSubmitting}
          label={t('pass.register')}
          busyLabel={t('pass.registering')}
          testId="register-submit"
        />
      </form>
      <div className={styles.links}>
        <span>
          {t('pass.haveAccount')} <Link to="/pass/login">{t('pass.toLogin')}</Link>
        </span>
      </div>
    </PassScreen>
  );
}
