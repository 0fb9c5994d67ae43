import type { ReleaseStatus, ReleaseTelemetryRow } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { SectionNote } from '../../../shared/components/page-header.tsx';
import { formatCount, formatShare, isolate } from '../../../shared/format.ts';
import styles from './releases.module.css';

export type RolloutEntry = ReleaseStatus['rollout']['remotes'][string];
export type ReleaseAction = 'canary' | 'promote' | 'rollback';

/** The failure rate the rollback policy judges (loads and failures weighed per network), as the CLI shows it. */
const weighedRate = (t: ReleaseTelemetryRow | undefined) => (t?.weighedLoads ? t.weighedFailures / t.weighedLoads : 0);
const failures = (row: ReleaseTelemetryRow | undefined) => (row?.loadFailures ?? 0) + (row?.mountFailures ?? 0);

/** One part's row: its rollout entry and the telemetry of its stable and canary versions. */
interface PartRow {
  remote: string;
  entry: RolloutEntry;
  stable: ReleaseTelemetryRow | undefined;
  canary: ReleaseTelemetryRow | undefined;
}

const ACTIONS: { action: ReleaseAction; label: string; labelOf: string; testId: string }[] = [
  { action: 'canary', label: 'releases.canaryAction', labelOf: 'releases.canaryOf', testId: 'release-canary-start' },
  { action: 'promote', label: 'releases.promote', labelOf: 'releases.promoteOf', testId: 'release-promote' },
  { action: 'rollback', label: 'releases.rollback', labelOf: 'releases.rollbackOf', testId: 'release-rollback' },
];

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
  const stat = (remote: string, version: string | undefined) =>
    status.telemetry.find((row) => row.remote === remote && row.version === version);
  const rows: PartRow[] = Object.entries(status.rollout.remotes).map(([remote, entry]) => ({
    remote,
    entry,
    stable: stat(remote, entry.stable),
    canary: entry.canary ? stat(remote, entry.canary.version) : undefined,
  }));
  /** "stable / canary" of one figure; without a canary, "—" after the slash. */
  const pair = (row: PartRow, figure: (telemetry: ReleaseTelemetryRow | undefined) => string, unmeasuredCanary?: string) => (
    <>
      <span>{figure(row.stable)}</span>
      <span className={adminStyles.muted}>
        {' '}
        / {row.entry.canary ? (row.canary ? figure(row.canary) : (unmeasuredCanary ?? figure(undefined))) : '—'}
      </span>
    </>
  );
  const disabled = (action: ReleaseAction, entry: RolloutEntry) =>
    action === 'promote' ? entry.canary === null : action === 'rollback' ? entry.canary === null && !entry.previous : false;
  return (
    <>
      <SectionNote>{t('releases.pairNote')}</SectionNote>
      <div className={styles.statusTable}>
        <DataTable
          columns={[
            {
              id: 'part',
              header: t('releases.part'),
              rowHeader: true,
              className: `${adminStyles.ltr} ${adminStyles.nowrap}`,
              cell: ({ remote }) => (
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
              ),
            },
            {
              id: 'stable',
              header: t('releases.stable'),
              className: adminStyles.nowrap,
              cell: ({ entry }) => (
                <>
                  <code className={`${adminStyles.mono} ${adminStyles.ltr}`} data-testid="release-stable">
                    {entry.stable}
                  </code>
                  {entry.previous ? (
                    <span className={styles.previous}>
                      {t('releases.previous')} <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.previous}</code>
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              id: 'canary',
              header: t('releases.canary'),
              className: adminStyles.nowrap,
              cell: ({ entry }) => (
                <span data-testid="release-canary">
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
                </span>
              ),
            },
            {
              id: 'loads',
              header: t('releases.loads'),
              numeric: true,
              cell: (row) => pair(row, (s) => formatCount(s?.loads ?? 0, lang), '0'),
            },
            {
              id: 'failures',
              header: t('releases.failures'),
              numeric: true,
              cell: (row) => pair(row, (s) => formatCount(failures(s), lang)),
            },
            {
              id: 'rate',
              header: t('releases.failureRate'),
              numeric: true,
              cell: (row) => pair(row, (s) => formatShare(weighedRate(s), lang)),
            },
            {
              id: 'networks',
              header: t('releases.failingNetworks'),
              numeric: true,
              cell: (row) => pair(row, (s) => formatCount(s?.failingNetworks ?? 0, lang)),
            },
            {
              id: 'flags',
              header: t('releases.flags'),
              cell: ({ entry }) =>
                entry.autoRolledBack ? (
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
                ) : null,
            },
            {
              id: 'actions',
              header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
              cell: ({ remote, entry }) => (
                <div className={`${adminStyles.rowActions} ${adminStyles.rowActionsOneLine}`}>
                  {canChange
                    ? ACTIONS.map(({ action, label, labelOf, testId }) => (
                        <Button
                          key={action}
                          variant="secondary"
                          className={adminStyles.compact}
                          onClick={() => onAction(remote, action)}
                          disabled={disabled(action, entry)}
                          aria-label={t(labelOf, { remote })}
                          data-testid={testId}
                        >
                          {t(label)}
                        </Button>
                      ))
                    : null}
                </div>
              ),
            },
          ]}
          rows={rows}
          rowKey={(row) => row.remote}
          caption={t('releases.statusTitle')}
          testId="release-status-table"
          rowAttributes={({ remote }) => ({
            'data-testid': `release-row-${remote}`,
            className: historyOf === remote ? styles.selected : undefined,
          })}
        />
      </div>
    </>
  );
}
