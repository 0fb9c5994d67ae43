import type { ReactNode } from 'react';
import styles from './trading.module.css';

/** A row of toggle buttons choosing one value (side, direction, filter): a labelled group of pressed buttons. */
export function Choice<T extends string | number>({
  label,
  items,
  value,
  onChange,
  testIdPrefix,
  tone,
}: {
  label: string;
  items: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (next: T) => void;
  testIdPrefix: string;
  /** Colours the pressed button by its value (buy/up green, sell/down red). */
  tone?: (id: T) => 'up' | 'down' | undefined;
}) {
  return (
    <div className={styles.choice} role="group" aria-label={label}>
      {items.map((item) => {
        const pressed = item.id === value;
        const color = pressed ? tone?.(item.id) : undefined;
        return (
          <button
            key={item.id}
            type="button"
            aria-pressed={pressed}
            className={`${styles.choiceButton} ${color ? (styles[color] ?? '') : ''}`}
            onClick={() => onChange(item.id)}
            data-testid={`${testIdPrefix}-${item.id}`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
