import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './kit.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  testId?: string;
}

/**
 * A tab list (WAI-ARIA tabs): the arrow keys (following the reading direction), Home and End move
 * between the tabs; with automatic activation they also choose one, with manual activation Enter,
 * Space or a click does (for tabs that would leave unsaved work). Only the chosen tab is in the Tab
 * order. Given `children`, the tabs render the panel under them, labelled by the chosen tab; otherwise
 * the panel is the caller's: `panelId` names it, and `idOf` gives the tab ids it is labelled by.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  panelId,
  activation = 'automatic',
  idOf,
  testId,
  children,
}: {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** The id of the panel the tabs control. */
  panelId?: string;
  activation?: 'automatic' | 'manual';
  /** A tab's element id (for the panel's `aria-labelledby`); generated otherwise. */
  idOf?: (key: K) => string;
  testId?: string;
  /** The chosen tab's content: the tabs then render its panel. */
  children?: ReactNode;
}) {
  const base = useId();
  const tabId = (key: K) => (idOf ? idOf(key) : `${base}-${key}`);
  const panel = panelId ?? (children === undefined ? undefined : `${base}-panel`);
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = items.findIndex((item) => refs.current.get(item.key) === document.activeElement);
    const index = focused >= 0 ? focused : items.findIndex((item) => item.key === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const key = items[next]!.key;
    if (activation === 'automatic' && key !== value) onChange(key);
    refs.current.get(key)?.focus();
  };
  const list = (
    <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={move} data-testid={testId}>
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(node) => {
              if (node) refs.current.set(item.key, node);
              else refs.current.delete(item.key);
            }}
            id={tabId(item.key)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={selected}
            aria-controls={panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(item.key);
            }}
            data-testid={item.testId}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
  if (children === undefined) return list;
  return (
    <div className={styles.tabsBox}>
      {list}
      <div id={panel} role="tabpanel" aria-labelledby={tabId(value)} className={styles.tabPanel}>
        {children}
      </div>
    </div>
  );
}
