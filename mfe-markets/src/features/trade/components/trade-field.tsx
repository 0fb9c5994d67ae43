import { useId } from 'react';
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';

export interface TradeFieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and its translated error (a message key, `common` unless prefixed `markets:`). */
export function TradeField({
  label,
  hint,
  error,
  errorValues,
  errorTestId,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  /** Values the error message names (e.g. the lot bounds). */
  errorValues?: Record<string, string>;
  errorTestId: string;
  children: (control: TradeFieldControl) => ReactNode;
}) {
  const { t } = useT('common');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={formClasses.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={formClasses.error} data-testid={errorTestId} data-key={error}>
          {t(error, errorValues)}
        </p>
      ) : null}
    </div>
  );
}

/** What the kit's form registers a text field with (react-hook-form's `register(name)`). */
export interface FieldRegistration {
  name: string;
  ref: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur: (event: FocusEvent<HTMLInputElement>) => unknown;
}

/** A field's text input for a decimal (lots, a price, an amount), registered with its form: the wire keeps every digit typed. */
export function DecimalInput({
  control,
  field,
  placeholder,
  testId,
}: {
  control: TradeFieldControl;
  field: FieldRegistration;
  placeholder?: string;
  testId: string;
}) {
  return (
    <input
      {...control}
      {...field}
      className={formClasses.input}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
