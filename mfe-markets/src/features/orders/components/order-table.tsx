import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { ErrorState, LoadingState } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn, RowAttributes, TablePaging } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';

/**
 * One of the user's order lists: loading and failing in the orders' words, then the page the server
 * sent in the kit's table (cards on phones) with the kit's Pager.
 */
export function OrderTable<T extends { id: string }>({
  list,
  rows,
  paging,
  columns,
  caption,
  empty,
  name,
  rowAttributes,
}: {
  list: Pick<UseQueryResult, 'isPending' | 'isError' | 'isPlaceholderData' | 'refetch'>;
  /** The page's rows (as shown: a list may add live figures to them). */
  rows: readonly T[];
  paging: TablePaging;
  columns: readonly DataColumn<T>[];
  caption: string;
  empty: string;
  /** Names the test ids: the table's `<name>-table`, its pager's `<name>-pager`. */
  name: string;
  rowAttributes: (row: T) => RowAttributes;
}) {
  const { t } = useT(NAMESPACE);
  if (list.isPending) return <LoadingState label={t('orders.loading')} />;
  if (list.isError) return <ErrorState title={t('orders.failed')} onRetry={() => void list.refetch()} />;
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
