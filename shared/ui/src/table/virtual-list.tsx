import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import styles from './virtual-list.module.css';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** CSS height of the scrolling box. */
  height: string;
  getKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  label: string;
  testId?: string;
  /** A header row that stays in place above the scrolling rows. */
  header?: ReactNode;
  /** Told which rows are rendered (in view and just around it) whenever that changes: first and last index. */
  onRangeChange?: (first: number, last: number) => void;
}

/**
 * A long list that renders only the rows in view (TanStack Virtual): hundreds of ticking rows stay
 * smooth. Rows are a list of `role="row"` items inside a `role="table"` box for assistive technology.
 */
export function VirtualList<T>({ items, rowHeight, height, getKey, renderRow, label, testId, header, onRangeChange }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (index) => getKey(items[index]!),
  });
  const rendered = virtualizer.getVirtualItems();
  const first = rendered[0]?.index ?? 0;
  const last = rendered[rendered.length - 1]?.index ?? -1;
  useEffect(() => onRangeChange?.(first, last), [first, last, onRangeChange]);
  return (
    <div
      className={styles.table}
      role="table"
      aria-label={label}
      aria-rowcount={items.length}
      data-testid={testId}
      data-rows={items.length}
    >
      {header}
      <div ref={scroller} className={styles.scroller} style={{ height }} role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rendered.map((row) => (
            <div
              key={row.key}
              className={styles.row}
              role="row"
              aria-rowindex={row.index + 1}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              {renderRow(items[row.index]!, row.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
