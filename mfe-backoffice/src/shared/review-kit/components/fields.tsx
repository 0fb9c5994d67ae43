import { useId } from 'react';
import type { ReactNode } from 'react';
import { REVIEW_REASONS } from '@meridian/contracts';
import type { ReviewKind } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { ToggleGroup } from '../../components/toggle-group.tsx';
import styles from './kit.module.css';

/**
 * The reason codes of one kind only (what the API accepts for it), by their translated phrases;
 * `error` is already translated.
 */
export function ReasonSelect({
  kind,
  value,
  onChange,
  label,
  error,
  testId,
  placeholder,
  disabled,
}: {
  kind: ReviewKind;
  value: string;
  onChange: (code: string) => void;
  label: string;
  error?: string | null | undefined;
  testId: string;
  /** A first, empty choice ("Choose a reason"). */
  placeholder?: string;
  disabled?: boolean;
}) {
  const { t } = useT(NAMESPACE);
  const id = useId();
  const codes: readonly string[] = REVIEW_REASONS[kind];
  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={formClasses.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        data-testid={testId}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {codes.map((code) => (
          <option key={code} value={code}>
            {t(`reasons.${code}`)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={formClasses.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled group of radio buttons (decision, mode, direction); `error` is already translated. */
export function Radios<T extends string>({
  legend,
  name,
  items,
  value,
  onChange,
  testIdPrefix,
  error,
  disabled,
}: {
  legend: string;
  name: string;
  items: readonly { id: T; label: string }[];
  value: T | '';
  onChange: (next: T) => void;
  testIdPrefix: string;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className={styles.radios} aria-describedby={error ? `${id}-error` : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      <div className={styles.radioRow}>
        {items.map((item) => (
          <label key={item.id} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={item.id}
              checked={value === item.id}
              onChange={() => onChange(item.id)}
              data-testid={`${testIdPrefix}-${item.id}`}
            />
            {item.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={formClasses.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A row of chips choosing one value (a state, a mode): toggle buttons, the chosen one pressed. */
export function ChoiceChips<T extends string>({
  label,
  ...group
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  text: (option: T) => string;
  testIdPrefix: string;
}) {
  return <ToggleGroup className={styles.chips} buttonClassName={styles.chip} aria-label={label} {...group} />;
}

/**
 * A labelled text input (or, `multiline`, a textarea) of a review form. Its error (a message key of
 * `common`) takes the place of its hint under it; whichever shows describes the control.
 */
export function TextBox({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  describedBy,
  multiline = false,
  className,
  fieldClassName,
  testId,
  maxLength,
  inputMode,
  disabled,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  hint?: ReactNode;
  /** What describes the control when neither an error nor a hint shows (a counter elsewhere). */
  describedBy?: string;
  multiline?: boolean;
  /** A class added to the control's own. */
  className?: string;
  /** A class added to the field's own (its place in a grid). */
  fieldClassName?: string;
  testId: string;
  maxLength?: number;
  inputMode?: 'decimal';
  disabled?: boolean;
  /** More under the field (who a typed id names). */
  children?: ReactNode;
}) {
  const { t } = useT('common');
  const control = {
    id,
    value,
    maxLength,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : describedBy,
    'data-testid': testId,
  };
  const classes = (own: string | undefined) => [own, className].filter(Boolean).join(' ');
  return (
    <div className={[formClasses.field, fieldClassName].filter(Boolean).join(' ')}>
      <label className={formClasses.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...control} className={classes(formClasses.textarea)} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...control}
          className={classes(formClasses.input)}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className={formClasses.error}>
          {t(error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={formClasses.hint}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
