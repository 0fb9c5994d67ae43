import { useQuery } from '@tanstack/react-query';
import type { ReleaseHistoryEntry } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import type { TFunction } from '@meridian/platform';
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
        <div className={adminStyles.tableWrap} tabIndex={0} role="region" aria-labelledby="releases-history">
          <table className={adminStyles.table} data-testid="release-history-table">
            <thead>
              <tr>
                <th scope="col" className={adminStyles.num}>
                  {t('releases.revision')}
                </th>
                <th scope="col">{t('releases.at')}</th>
                <th scope="col">{t('releases.actor')}</th>
                <th scope="col">{t('releases.change')}</th>
                <th scope="col">{t('releases.partChange', { remote })}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.revision}-${entry.at}`} data-testid="release-history-row">
                  <td className={adminStyles.num}>{entry.revision}</td>
                  <td className={`${adminStyles.nowrap} ${adminStyles.small}`}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
                  </td>
                  <td className={adminStyles.ltr}>{entry.actor}</td>
                  <td>
                    <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.action}</code>
                  </td>
                  <td className={styles.partChange}>
                    <span>{summary(entry.before?.remotes[remote], t)}</span>{' '}
                    <span className={adminStyles.arrow} aria-hidden="true">
                      →
                    </span>{' '}
                    <span className={adminStyles.visuallyHidden}>{t('ui.becomes')}</span>
                    <strong>{summary(entry.after.remotes[remote], t)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryView>
  );
}
