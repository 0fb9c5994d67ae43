import { useQuery } from '@tanstack/react-query';
import type { ReleaseHistoryEntry } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import type { TFunction } from '@meridian/platform';
import { DataTable } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { isolate } from '../../../shared/format.ts';
import { releaseHistoryQueryOptions } from '../api/releases-api.ts';
import styles from './releases.module.css';

type Entry = ReleaseHistoryEntry['after']['remotes'][string] | undefined;

/** One part's state in a revision, in a line: "stable 1.2.0 · canary 1.3.0 (10 %)". */
function summary(entry: Entry, t: TFunction): string {
  if (!entry) return '—';
  const stable = t('releases.summaryStable', { version: isolate(entry.stable) });
  return entry.canary
    ? `${stable} · ${t('releases.summaryCanary', { version: isolate(entry.canary.version), weight: entry.canary.weight })}`
    : stable;
}

/** The revisions that changed one part, newest first: when, who, what, and the part before → after. */
export function HistoryTable({ env, remote }: { env: string; remote: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const query = useQuery(releaseHistoryQueryOptions(env, remote));
  return (
    <QueryView query={query} isEmpty={(d) => d.length === 0} empty={t('releases.historyEmpty')}>
      {(entries) => (
        <DataTable
          columns={[
            { id: 'revision', header: t('releases.revision'), numeric: true, sortValue: (e) => e.revision, cell: (e) => e.revision },
            {
              id: 'at',
              header: t('releases.at'),
              className: `${adminStyles.nowrap} ${adminStyles.small}`,
              sortValue: (e) => e.at,
              cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at, lang)}</time>,
            },
            { id: 'actor', header: t('releases.actor'), className: adminStyles.ltr, cell: (e) => e.actor },
            {
              id: 'action',
              header: t('releases.change'),
              cell: (e) => <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{e.action}</code>,
            },
            {
              id: 'part',
              header: t('releases.partChange', { remote }),
              className: styles.partChange,
              cell: (e) => (
                <>
                  <span>{summary(e.before?.remotes[remote], t)}</span>{' '}
                  <span className={adminStyles.arrow} aria-hidden="true">
                    →
                  </span>{' '}
                  <span className={adminStyles.visuallyHidden}>{t('ui.becomes')}</span>
                  <strong>{summary(e.after.remotes[remote], t)}</strong>
                </>
              ),
            },
          ]}
          rows={entries}
          rowKey={(e) => `${e.revision}-${e.at}`}
          caption={t('releases.historyTitle', { remote })}
          testId="release-history-table"
          rowAttributes={() => ({ 'data-testid': 'release-history-row' })}
        />
      )}
    </QueryView>
  );
}
