import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { ErrorState, LoadingState } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn, RowAttributes, TablePaging } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';

type ListState = Pick<UseQueryResult, 'isPending' | 'isError' | 'isPlaceholderData' | 'refetch'>;

/**
 * The page's rows: the list's own items, or the rows as shown when the list adds live figures to them
 * (the open positions).
 */
type OrderRows<T> = { list: ListState & { data?: { items: readonly T[] } }; rows?: undefined } | { list: ListState; rows: readonly T[] };

/**
 * One of the user's order lists: loading and failing in the orders' words, then the page the server
 * sent in the kit's table (cards on phones) with the kit's Pager.
 */
export function OrderTable<T extends { id: string }>({
  paging,
  columns,
  caption,
  empty,
  name,
  rowAttributes,
  ...source
}: OrderRows<T> & {
  paging: TablePaging;
  columns: readonly DataColumn<T>[];
  caption: string;
  empty: string;
  /** Names the test ids: the table's `<name>-table`, its pager's `<name>-pager`. */
  name: string;
  rowAttributes: (row: T) => RowAttributes;
}) {
  const { t } = useT(NAMESPACE);
  const { list } = source;
  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
  const rows = source.rows === undefined ? (source.list.data?.items ?? []) : source.rows;
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={caption}
      empty={empty}
      paging={paging}
      busy={list.isPlaceholderData}
      cards
      rowAttributes={rowAttributes}
      testId={`${name}-table`}
      pagerTestId={`${name}-pager`}
    />
  );
}
