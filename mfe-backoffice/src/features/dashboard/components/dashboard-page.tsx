import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DashboardResult } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader, PageSection } from '../../../shared/components/page-header.tsx';
import { formatCount, formatDuration } from '../../../shared/format.ts';
import { NAV_SECTIONS } from '../../../shared/nav.ts';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { dashboardQueryOptions } from '../api/get-dashboard.ts';
import styles from './dashboard.module.css';

type Queue = DashboardResult['queues'][number];

/**
 * `/admin`: a card per queue this operator may read (waiting, overdue, the oldest item's wait against
 * the limit), and the sections their roles open. No automatic refresh: an open page must not keep an
 * idle session alive.
 */
export function DashboardPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const session = useOperatorSession();
  const query = useQuery(dashboardQueryOptions());
  const name = query.data?.operator.name ?? session?.operator.name ?? '';
  const sections = NAV_SECTIONS.filter((s) => s.key !== 'dashboard' && s.key !== 'queues' && hasRole(session, s.roles));

  return (
    <div className={adminStyles.page} data-testid="dashboard-page">
      <PageHeader
        title={t('dashboard.greeting', { name })}
        lead={t('dashboard.lead')}
        actions={
          <>
            {query.dataUpdatedAt ? (
              <span className={`${adminStyles.small} ${adminStyles.muted}`}>
                {t('dashboard.updated', { time: formatDateTime(query.dataUpdatedAt, lang) })}
              </span>
            ) : null}
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="dashboard-refresh">
              {query.isFetching ? t('ui.loading') : t('ui.refresh')}
            </Button>
          </>
        }
      />
      <PageSection id="dashboard-queues" title={t('dashboard.queuesTitle')}>
        <QueryView query={query} isEmpty={(d) => d.queues.length === 0} empty={t('dashboard.noQueues')}>
          {(data) => (
            <ul className={adminStyles.tiles}>
              {data.queues.map((queue) => (
                <QueueCard key={queue.kind} queue={queue} now={query.dataUpdatedAt} />
              ))}
            </ul>
          )}
        </QueryView>
      </PageSection>
      {sections.length > 0 ? (
        <PageSection id="dashboard-sections" title={t('dashboard.sectionsTitle')}>
          <ul className={`${adminStyles.bare} ${adminStyles.cluster}`}>
            {sections.map((s) => (
              <li key={s.key}>
                <Link to={s.path} className={styles.shortcut}>
                  {t(`nav.${s.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
    </div>
  );
}

function QueueCard({ queue, now }: { queue: Queue; now: number }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const waited = queue.oldestEnqueuedAt ? Math.max(0, (now - Date.parse(queue.oldestEnqueuedAt)) / 1000) : null;
  const share = waited === null || queue.limitSeconds <= 0 ? 0 : Math.min(1, waited / queue.limitSeconds);
  const late = waited !== null && waited > queue.limitSeconds;
  return (
    <li className={`${styles.card} ${queue.overdue > 0 ? styles.cardOverdue : ''}`} data-testid={`queue-card-${queue.kind}`}>
      <h3 className={styles.cardTitle}>{t(`kinds.${queue.kind}`)}</h3>
      <dl className={styles.figures}>
        <div>
          <dt>{t('dashboard.pending')}</dt>
          <dd className={styles.big} data-testid="queue-pending">
            {formatCount(queue.pending, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.overdue')}</dt>
          <dd className={`${styles.big} ${queue.overdue > 0 ? styles.danger : ''}`} data-testid="queue-overdue">
            {formatCount(queue.overdue, lang)}
          </dd>
        </div>
      </dl>
      <p className={styles.wait}>
        {waited === null
          ? t('dashboard.noneWaiting', { limit: formatDuration(queue.limitSeconds, lang) })
          : t('dashboard.oldest', { waited: formatDuration(waited, lang), limit: formatDuration(queue.limitSeconds, lang) })}
      </p>
      <div className={styles.bar} aria-hidden="true">
        <span
          className={late ? styles.barLate : share > 0.75 ? styles.barNear : styles.barOk}
          style={{ inlineSize: `${Math.round(share * 100)}%` }}
        />
      </div>
      <Link to={`/admin/queues?kind=${queue.kind}`} className={adminStyles.link} data-testid="queue-open">
        {t('dashboard.openQueue', { kind: t(`kinds.${queue.kind}`) })}
      </Link>
    </li>
  );
}
