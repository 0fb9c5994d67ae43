import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
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

/** A field's text input for a decimal (lots, a price, an amount): the wire keeps every digit typed. */
export function DecimalInput({
  control,
  ref,
  value,
  onChange,
  onBlur,
  placeholder,
  testId,
}: {
  control: TradeFieldControl;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  testId: string;
}) {
  return (
    <input
      {...control}
      ref={ref}
      className={formClasses.input}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      data-testid={testId}
    />
  );
}
