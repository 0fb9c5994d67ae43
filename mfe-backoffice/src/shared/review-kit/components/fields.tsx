import { useId } from 'react';
import { OPERATOR_NOTE_MAX, REVIEW_REASONS } from '@meridian/contracts';
import type { ReviewKind } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { TextField } from '@meridian/ui/form';
import type { TextFieldProps } from '@meridian/ui/form';
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

/** An operator's note on a decision or proposal: a textarea of the form, at most the API's OPERATOR_NOTE_MAX characters. */
export function NoteField<V extends Record<string, unknown>>(
  props: Pick<TextFieldProps<V>, 'form' | 'name' | 'label' | 'hint' | 'disabled' | 'testId'>,
) {
  return <TextField {...props} multiline maxLength={OPERATOR_NOTE_MAX} />;
}
