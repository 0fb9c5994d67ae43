import type { ContentEntry, ContentKind } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import styles from './content.module.css';

/**
 * The entries of one kind and content language: title (a FAQ entry's question), its category or page
 * type, and when it last changed (a notice: when it was published). Choosing a title opens it.
 */
export function ContentList({
  kind,
  entries,
  selectedId,
  caption,
  onSelect,
}: {
  kind: ContentKind;
  entries: readonly ContentEntry[];
  selectedId: number | null;
  caption: string;
  onSelect: (entry: ContentEntry) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const columns: DataColumn<ContentEntry>[] = [
    {
      id: 'title',
      header: kind === 'faq' ? t('content.list.question') : t('content.list.title'),
      rowHeader: true,
      className: styles.titleCell,
      cell: (entry) => (
        <button
          type="button"
          className={styles.rowButton}
          aria-current={entry.id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(entry)}
          dir="auto"
          data-testid={`content-open-${entry.id}`}
        >
          {entry.title}
        </button>
      ),
    },
    ...(kind === 'faq'
      ? [
          {
            id: 'category',
            header: t('content.list.category'),
            cell: (entry: ContentEntry) => (
              <span className={adminStyles.chip} dir="auto">
                {entry.category ?? '—'}
              </span>
            ),
          },
        ]
      : []),
    ...(kind === 'page'
      ? [
          {
            id: 'type',
            header: t('content.list.type'),
            className: adminStyles.small,
            cell: (entry: ContentEntry) => (entry.type ? t(`content.types.${entry.type}`) : '—'),
          },
        ]
      : []),
    {
      id: 'at',
      header: kind === 'notice' ? t('content.list.published') : t('content.list.updated'),
      className: `${adminStyles.small} ${adminStyles.nowrap}`,
      cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>,
    },
  ];
  return (
    <div className={styles.listWrap}>
      <DataTable
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        caption={caption}
        testId="content-list"
        rowAttributes={(entry) => ({
          className: entry.id === selectedId ? styles.selectedRow : undefined,
          'data-testid': 'content-row',
          'data-id': entry.id,
        })}
      />
    </div>
  );
}
