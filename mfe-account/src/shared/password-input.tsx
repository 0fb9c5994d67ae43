import { forwardRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useT } from '@meridian/platform';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormField, formClasses } from '@meridian/ui';
import { fieldError } from '@meridian/ui/form';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './password-input.module.css';

/** A password box with a show/hide toggle (keyboard reachable, labelled). */
const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const { t } = useT(NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.box}>
      <input {...props} ref={ref} type={visible ? 'text' : 'password'} className={formClasses.input} maxLength={64} />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('pass.hidePassword') : t('pass.showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
});

/** A labelled password box registered with its kit form, its translated error under it. */
export function PasswordField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  autoComplete,
  testId,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  name: FieldPath<V>;
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  testId?: string;
}) {
  return (
    <FormField label={label} error={fieldError(form, name)} hint={hint}>
      {(control) => <PasswordInput {...control} autoComplete={autoComplete} {...form.register(name)} data-testid={testId} />}
    </FormField>
  );
}

/**
 * The new password (its rules under it) and the box confirming it, in a form over `withNewPassword`'s
 * schema; each test id names its box when given.
 */
export function NewPasswordFields<V extends { password: string; confirm: string }>({
  form,
  label,
  confirmLabel,
  testIds,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  label: string;
  confirmLabel: string;
  testIds?: { password: string; confirm: string };
}) {
  const { t } = useT(NAMESPACE);
  return (
    <>
      <PasswordField
        form={form}
        name={'password' as FieldPath<V>}
        label={label}
        hint={t('pass.passwordHint')}
        autoComplete="new-password"
        testId={testIds?.password}
      />
      <PasswordField
        form={form}
        name={'confirm' as FieldPath<V>}
        label={confirmLabel}
        autoComplete="new-password"
        testId={testIds?.confirm}
      />
    </>
  );
}
