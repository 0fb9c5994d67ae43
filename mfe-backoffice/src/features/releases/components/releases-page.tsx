import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader, PageSection, SectionNote } from '../../../shared/components/page-header.tsx';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { releaseStatusQueryOptions } from '../api/releases-api.ts';
import { HistoryTable } from './history-table.tsx';
import { CanaryDialog, PromoteDialog, RollbackDialog } from './release-dialogs.tsx';
import { StatusTable } from './status-table.tsx';
import type { ReleaseAction } from './status-table.tsx';
import styles from './releases.module.css';
import { adminKeys } from '../../../shared/query-keys.ts';

const ENV_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const DIALOGS = { canary: CanaryDialog, promote: PromoteDialog, rollback: RollbackDialog } satisfies Record<ReleaseAction, unknown>;

/**
 * `/admin/releases`: what each part serves (`release status`), one part's history, and — for the
 * `release` role — canary, promote and rollback, each confirmed first. Others read.
 */
export function ReleasesPage() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const canChange = hasRole(session, ['release']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const envParam = params.get('env') ?? '';
  const env = ENV_NAME.test(envParam) ? envParam : 'production';
  const query = useQuery(releaseStatusQueryOptions(env));
  const remotes = Object.keys(query.data?.rollout.remotes ?? {});
  const chosen = params.get('remote') ?? '';
  const historyOf = remotes.includes(chosen) ? chosen : ((remotes.includes('mfe-backoffice') ? 'mfe-backoffice' : remotes[0]) ?? '');
  const [action, setAction] = useState<{ remote: string; kind: ReleaseAction } | null>(null);

  const showHistory = (remote: string) => {
    const next = new URLSearchParams(params);
    next.set('remote', remote);
    setParams(next, { replace: true });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.release.all() });
  const entry = action ? query.data?.rollout.remotes[action.remote] : undefined;
  const close = () => setAction(null);
  const ActionDialog = action ? DIALOGS[action.kind] : null;

  return (
    <div className={adminStyles.page} data-testid="releases-page">
      <PageHeader
        title={t('releases.title')}
        lead={canChange ? t('releases.lead') : t('releases.leadReadOnly')}
        actions={
          <Button variant="secondary" onClick={() => void refresh()} disabled={query.isFetching} data-testid="releases-refresh">
            {query.isFetching ? t('ui.loading') : t('ui.refresh')}
          </Button>
        }
      />
      <PageSection
        id="releases-status"
        title={t('releases.statusTitle')}
        aside={
          query.data ? (
            <p className={`${adminStyles.plain} ${styles.envLine}`} data-testid="release-env">
              <span className={adminStyles.chip}>{query.data.rollout.env}</span>
              <span>{t('releases.revisionN', { revision: query.data.rollout.revision })}</span>
              {query.data.rollout.allowOverrides ? (
                <span className={`${adminStyles.badge} ${adminStyles.badgeWarn}`}>{t('releases.overrides')}</span>
              ) : null}
            </p>
          ) : null
        }
      >
        <QueryView query={query} isEmpty={(d) => Object.keys(d.rollout.remotes).length === 0} empty={t('releases.empty')}>
          {(status) => (
            <>
              <StatusTable
                status={status}
                canChange={canChange}
                historyOf={historyOf}
                onAction={(remote, kind) => setAction({ remote, kind })}
                onHistory={showHistory}
              />
              <SectionNote>{t('releases.rateNote')}</SectionNote>
            </>
          )}
        </QueryView>
      </PageSection>
      {historyOf ? (
        <PageSection
          id="releases-history"
          title={t('releases.historyTitle', { remote: historyOf })}
          aside={
            <div className={styles.pick}>
              <label htmlFor="releases-remote">{t('releases.part')}</label>
              <select
                id="releases-remote"
                className={adminStyles.input}
                value={historyOf}
                onChange={(e) => showHistory(e.target.value)}
                data-testid="release-history-remote"
              >
                {remotes.map((remote) => (
                  <option key={remote} value={remote}>
                    {remote}
                  </option>
                ))}
              </select>
            </div>
          }
        >
          <HistoryTable env={env} remote={historyOf} />
        </PageSection>
      ) : null}
      {ActionDialog && action && entry ? (
        <ActionDialog env={env} remote={action.remote} entry={entry} onClose={close} onDone={refresh} />
      ) : null}
    </div>
  );
}
