import { useMemo, useState } from 'react';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { flexRender, getCoreRowModel, getPaginationRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
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
  /** Pages the rows it has by this many (a server-paged list passes one page and its own Pager). */
  pageSize?: number;
  rowAttributes?: (row: T) => RowAttributes;
  /**
   * A click anywhere on the row (links and buttons inside it do their own thing). Keyboard users need
   * a link or button in the row that does the same.
   */
  onRowClick?: (row: T) => void;
  testId?: string;
  /** The pager's test id when the table pages itself. */
  pagerTestId?: string;
}

const ariaSort = (direction: false | 'asc' | 'desc') =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;

/**
 * A table over TanStack Table: sortable headers (buttons, so the keyboard sorts too, with `aria-sort`),
 * client paging with the kit's Pager, a loading and an empty state, and a scroll region that takes
 * focus on narrow screens.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  initialSort,
  pageSize,
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
        header: () => column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const paged = pageSize !== undefined;
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
  const click = (row: T) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
    onRowClick?.(row);
  };
  return (
    <>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
        <table className={`${styles.table} ${onRowClick ? styles.clickable : ''}`} data-testid={testId}>
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)!;
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={header.column.getCanSort() ? (ariaSort(sorted) ?? 'none') : undefined}
                      className={column.numeric ? styles.end : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
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
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return column.rowHeader ? (
                    <th key={cell.id} scope="row" className={className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paged ? (
        <Pager
          page={page + 1}
          pageSize={pageSize}
          total={data.length}
          onPage={(next) => setPageIndex(next - 1)}
          testId={pagerTestId ?? `${testId ?? 'table'}-pager`}
        />
      ) : null}
    </>
  );
}
