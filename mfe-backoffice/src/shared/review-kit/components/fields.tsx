import { useId } from 'react';
import { REVIEW_REASONS } from '@meridian/contracts';
import type { ReviewKind } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
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
