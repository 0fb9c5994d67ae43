import { useMemo, useState } from 'react';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { getCoreRowModel, getPaginationRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { EmptyState, LoadingState } from '../components/states.tsx';
import { Pager } from './pager.tsx';
import styles from './kit.module.css';

/** One column: its header, how a row shows in it, and (when it sorts) the value it sorts by. */
export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The value this column sorts by; its header becomes a sort button (click, Enter or Space). */
  sortValue?: (row: T) => string | number;
  /** Numbers and amounts: aligned to the end, tabular figures. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The header is for assistive technology only (a column of row actions); its cells carry no card label. */
  hiddenHeader?: boolean;
  /** The column's name in words when `header` is not a string: the label of its line in a card. */
  label?: string;
  className?: string;
}

/** What a row carries besides its cells: a test id, `data-*` values, a class. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>;

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  /** `undefined` while the first page loads. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Sorts the rows it has, by this column first. */
  initialSort?: { id: string; desc?: boolean };
  /** Pages the rows it has by this many. */
  pageSize?: number;
  /** The rows are one page of a list the server pages: the kit's Pager under the table moves between pages. */
  paging?: TablePaging;
  /** The next rows are on their way (the ones shown are the last page's): the table says it is busy. */
  busy?: boolean;
  /**
   * Narrow screens show each row as a card of label / value lines (each cell's `data-label` is its
   * column's name) instead of a table scrolling sideways; wide ones keep figures on one line.
   */
  cards?: boolean;
  rowAttributes?: (row: T) => RowAttributes;
  /**
   * A click anywhere on the row (links and buttons inside it do their own thing). Keyboard users need
   * a link or button in the row that does the same.
   */
  onRowClick?: (row: T) => void;
  testId?: string;
  /** The pager's test id. */
  pagerTestId?: string;
}

/** One page of a paged list: which (1-based), its size, how many rows in all, and how to go to another. */
export interface TablePaging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

const ariaSort = (direction: false | 'asc' | 'desc') =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;

const labelOf = <T,>(column: DataColumn<T>) =>
  column.hiddenHeader ? undefined : (column.label ?? (typeof column.header === 'string' ? column.header : undefined));

/**
 * A table over TanStack Table: sortable headers (buttons, so the keyboard sorts too, with `aria-sort`),
 * client or server paging with the kit's Pager, a loading and an empty state, and a scroll region that
 * takes focus on narrow screens (or cards there).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  initialSort,
  pageSize,
  paging,
  busy,
  cards = false,
  rowAttributes,
  onRowClick,
  testId,
  pagerTestId,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : []);
  const [pageIndex, setPageIndex] = useState(0);
  const data = useMemo(() => (rows ? [...rows] : []), [rows]);
  const defs = useMemo<ColumnDef<T, string | number>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: column.sortValue ?? (() => 0),
        enableSorting: column.sortValue !== undefined,
        sortUndefined: 'last',
        sortDescFirst: false,
      })),
    [columns],
  );
  const paged = pageSize !== undefined && paging === undefined;
  const pageCount = paged ? Math.max(1, Math.ceil(data.length / pageSize)) : 1;
  const page = Math.min(pageIndex, pageCount - 1);
  const table = useReactTable<T>({
    data,
    columns: defs,
    state: { sorting, ...(paged ? { pagination: { pageIndex: page, pageSize } } : {}) },
    onSortingChange: (next) => {
      setSorting(next);
      setPageIndex(0);
    },
    getRowId: (row) => String(rowKey(row)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(paged ? { getPaginationRowModel: getPaginationRowModel() } : {}),
    enableSortingRemoval: false,
  });

  if (rows === undefined) return <LoadingState />;
  if (rows.length === 0)
    return typeof empty === 'string' || empty === undefined ? <EmptyState {...(empty ? { title: empty } : {})} /> : <>{empty}</>;

  const byId = new Map(columns.map((column) => [column.id, column]));
  const pager: TablePaging | undefined =
    paging ?? (paged ? { page: page + 1, pageSize, total: data.length, onPage: (next) => setPageIndex(next - 1) } : undefined);
  const click = (row: T) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
    onRowClick?.(row);
  };
  return (
    <>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
        <table
          className={[styles.table, onRowClick ? styles.clickable : '', cards ? styles.cards : ''].join(' ').trim()}
          aria-busy={busy || undefined}
          data-testid={testId}
        >
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)!;
                  const sorted = header.column.getIsSorted();
                  const text = column.header;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={header.column.getCanSort() ? (ariaSort(sorted) ?? 'none') : undefined}
                      className={column.numeric ? styles.end : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {text}
                          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : column.hiddenHeader ? (
                        <span className={styles.visuallyHidden}>{text}</span>
                      ) : (
                        text
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} {...rowAttributes?.(row.original)} {...(onRowClick ? { onClick: click(row.original) } : {})}>
                {row.getVisibleCells().map((cell) => {
                  const column = byId.get(cell.column.id)!;
                  const className = [column.numeric ? styles.end : '', column.className ?? ''].join(' ').trim() || undefined;
                  // Called, not rendered as a component: the column's function is made anew with each render of
                  // the caller, and as a component type it would remount the cell (an open edit form lost what was typed).
                  const content = column.cell(row.original);
                  const label = cards ? labelOf(column) : undefined;
                  return column.rowHeader ? (
                    <th key={cell.id} scope="row" className={className} data-label={label}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={className} data-label={label}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager ? <Pager {...pager} testId={pagerTestId ?? `${testId ?? 'table'}-pager`} /> : null}
    </>
  );
}
