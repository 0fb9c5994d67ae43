import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './trading.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  testId?: string;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs and choose them, the panel is
 * labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (next: T) => void;
  children: ReactNode;
  testId?: string;
}) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === value);
    const last = items.length - 1;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (index + step + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    const target = items[next]!;
    onChange(target.id);
    refs.current.get(target.id)?.focus();
  };
  return (
    <div className={styles.tabsBox} data-testid={testId}>
      <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) refs.current.set(item.id, node);
                else refs.current.delete(item.id);
              }}
              id={`${base}-tab-${item.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange(item.id)}
              data-testid={item.testId}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${value}`} className={styles.tabPanel}>
        {children}
      </div>
    </div>
  );
}

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
