import type { ReleaseStatus, ReleaseTelemetryRow } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { formatCount, formatShare, isolate } from '../../../shared/format.ts';
import styles from './releases.module.css';

export type RolloutEntry = ReleaseStatus['rollout']['remotes'][string];
export type ReleaseAction = 'canary' | 'promote' | 'rollback';

/** The failure rate the rollback policy judges (loads and failures weighed per network), as the CLI shows it. */
const weighedRate = (t: ReleaseTelemetryRow | undefined) => (t?.weighedLoads ? t.weighedFailures / t.weighedLoads : 0);

/**
 * What each part serves in the environment, like `release status`: stable, canary and its weight,
 * loads, failures, the weighed failure rate and failing networks (stable / canary), and flags.
 */
export function StatusTable({
  status,
  canChange,
  historyOf,
  onAction,
  onHistory,
}: {
  status: ReleaseStatus;
  canChange: boolean;
  historyOf: string;
  onAction: (remote: string, action: ReleaseAction) => void;
  onHistory: (remote: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const rows = Object.entries(status.rollout.remotes);
  const pair = (a: string, b: string | null) => (
    <>
      <span>{a}</span>
      <span className={adminStyles.muted}> / {b ?? '—'}</span>
    </>
  );
  return (
    <div className={adminStyles.tableWrap} tabIndex={0} role="region" aria-labelledby="releases-status">
      <table className={`${adminStyles.table} ${adminStyles.dense}`} data-testid="release-status-table">
        <caption>{t('releases.pairNote')}</caption>
        <thead className={styles.wrapHead}>
          <tr>
            <th scope="col">{t('releases.part')}</th>
            <th scope="col">{t('releases.stable')}</th>
            <th scope="col">{t('releases.canary')}</th>
            <th scope="col" className={adminStyles.num}>
              {t('releases.loads')}
            </th>
            <th scope="col" className={adminStyles.num}>
              {t('releases.failures')}
            </th>
            <th scope="col" className={adminStyles.num}>
              {t('releases.failureRate')}
            </th>
            <th scope="col" className={adminStyles.num}>
              {t('releases.failingNetworks')}
            </th>
            <th scope="col">{t('releases.flags')}</th>
            <th scope="col">
              <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([remote, entry]) => {
            const stat = (version: string | undefined) => status.telemetry.find((row) => row.remote === remote && row.version === version);
            const s = stat(entry.stable);
            const c = entry.canary ? stat(entry.canary.version) : undefined;
            const failures = (row: ReleaseTelemetryRow | undefined) => (row?.loadFailures ?? 0) + (row?.mountFailures ?? 0);
            const hasCanary = entry.canary !== null;
            return (
              <tr key={remote} data-testid={`release-row-${remote}`} className={historyOf === remote ? styles.selected : undefined}>
                <th scope="row" className={`${adminStyles.ltr} ${adminStyles.nowrap}`}>
                  <button
                    type="button"
                    className={styles.partButton}
                    onClick={() => onHistory(remote)}
                    aria-pressed={historyOf === remote}
                    title={t('releases.historyOf', { remote })}
                    data-testid="release-history"
                  >
                    {remote}
                  </button>
                </th>
                <td className={adminStyles.nowrap}>
                  <code className={`${adminStyles.mono} ${adminStyles.ltr}`} data-testid="release-stable">
                    {entry.stable}
                  </code>
                  {entry.previous ? (
                    <span className={styles.previous}>
                      {t('releases.previous')} <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.previous}</code>
                    </span>
                  ) : null}
                </td>
                <td className={adminStyles.nowrap} data-testid="release-canary">
                  {entry.canary ? (
                    <>
                      <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.canary.version}</code>{' '}
                      <span className={`${adminStyles.badge} ${adminStyles.badgeWarn}`} data-testid="release-weight">
                        {t('releases.weight', { weight: entry.canary.weight })}
                      </span>
                    </>
                  ) : (
                    <span className={adminStyles.muted}>—</span>
                  )}
                </td>
                <td className={adminStyles.num}>
                  {pair(formatCount(s?.loads ?? 0, lang), c ? formatCount(c.loads, lang) : hasCanary ? '0' : null)}
                </td>
                <td className={adminStyles.num}>
                  {pair(formatCount(failures(s), lang), hasCanary ? formatCount(failures(c), lang) : null)}
                </td>
                <td className={adminStyles.num}>
                  {pair(formatShare(weighedRate(s), lang), hasCanary ? formatShare(weighedRate(c), lang) : null)}
                </td>
                <td className={adminStyles.num}>
                  {pair(formatCount(s?.failingNetworks ?? 0, lang), hasCanary ? formatCount(c?.failingNetworks ?? 0, lang) : null)}
                </td>
                <td>
                  {entry.autoRolledBack ? (
                    <span
                      className={`${adminStyles.badge} ${adminStyles.badgeDanger}`}
                      title={formatDateTime(entry.autoRolledBack.at, lang)}
                      data-testid="release-auto-rolled-back"
                    >
                      {t('releases.autoRolledBack', {
                        version: isolate(entry.autoRolledBack.version),
                        rate: formatShare(entry.autoRolledBack.failureRate, lang),
                      })}
                    </span>
                  ) : null}
                </td>
                <td>
                  <div className={`${adminStyles.rowActions} ${adminStyles.rowActionsOneLine}`}>
                    {canChange ? (
                      <>
                        <Button
                          variant="secondary"
                          className={adminStyles.compact}
                          onClick={() => onAction(remote, 'canary')}
                          aria-label={t('releases.canaryOf', { remote })}
                          data-testid="release-canary-start"
                        >
                          {t('releases.canaryAction')}
                        </Button>
                        <Button
                          variant="secondary"
                          className={adminStyles.compact}
                          onClick={() => onAction(remote, 'promote')}
                          disabled={!hasCanary}
                          aria-label={t('releases.promoteOf', { remote })}
                          data-testid="release-promote"
                        >
                          {t('releases.promote')}
                        </Button>
                        <Button
                          variant="secondary"
                          className={adminStyles.compact}
                          onClick={() => onAction(remote, 'rollback')}
                          disabled={!hasCanary && !entry.previous}
                          aria-label={t('releases.rollbackOf', { remote })}
                          data-testid="release-rollback"
                        >
                          {t('releases.rollback')}
                        </Button>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
