import type { ContentEntry, ContentKind } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
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
  return (
    <div className={`${adminStyles.tableWrap} ${styles.listWrap}`}>
      <table className={`${adminStyles.table} ${styles.listTable}`} data-testid="content-list">
        <caption className={adminStyles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{kind === 'faq' ? t('content.list.question') : t('content.list.title')}</th>
            {kind === 'faq' ? <th scope="col">{t('content.list.category')}</th> : null}
            {kind === 'page' ? <th scope="col">{t('content.list.type')}</th> : null}
            <th scope="col">{kind === 'notice' ? t('content.list.published') : t('content.list.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const selected = entry.id === selectedId;
            return (
              <tr key={entry.id} className={selected ? styles.selectedRow : undefined} data-testid="content-row" data-id={entry.id}>
                <th scope="row" className={styles.titleCell}>
                  <button
                    type="button"
                    className={styles.rowButton}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelect(entry)}
                    dir="auto"
                    data-testid={`content-open-${entry.id}`}
                  >
                    {entry.title}
                  </button>
                </th>
                {kind === 'faq' ? (
                  <td>
                    <span className={adminStyles.chip} dir="auto">
                      {entry.category ?? '—'}
                    </span>
                  </td>
                ) : null}
                {kind === 'page' ? <td className={adminStyles.small}>{entry.type ? t(`content.types.${entry.type}`) : '—'}</td> : null}
                <td className={`${adminStyles.small} ${adminStyles.nowrap}`}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
