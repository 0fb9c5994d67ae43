import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { REVIEW_KINDS, REVIEW_STATES, reviewReaders } from '@meridian/contracts';
import type { ReviewKind, ReviewState } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { queueCountsQueryOptions } from '../api/get-queue-counts.ts';

const { PAGE_SIZE, Page, ReviewTable, Section, kitClasses: kit, pageParam, reviewsQueryOptions } = reviewKit;

const isState = (value: string | null): value is ReviewState => (REVIEW_STATES as readonly (string | null)[]).includes(value);

/** The queues the signed-in operator may read (its deciders, admins and auditors). */
function useReadableKinds(): ReviewKind[] {
  const session = useOperatorSession();
  const roles = session?.operator.roles ?? [];
  return REVIEW_KINDS.filter((kind) => reviewReaders(kind).some((role) => roles.includes(role)));
}

const href = (kind: ReviewKind | undefined, state: ReviewState) => {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (state !== 'pending') params.set('state', state);
  const text = params.toString();
  return `/admin/queues${text ? `?${text}` : ''}`;
};

/**
 * `/admin/queues?kind=&state=`: the review queues the operator may read, filtered by kind and state
 * (pending by default, oldest first, as the API orders them), 50 a page, overdue items highlighted.
 */
export function QueuesPage() {
  const { t } = useT(NAMESPACE);
  const kinds = useReadableKinds();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = kinds.find((k) => k === kindParam);
  const stateParam = params.get('state');
  const state: ReviewState = isState(stateParam) ? stateParam : 'pending';
  const page = pageParam(params.get('page'));
  const list = useQuery({ ...reviewsQueryOptions({ kind, state, page }), enabled: kinds.length > 0, placeholderData: keepPreviousData });
  const counts = useQuery({ ...queueCountsQueryOptions(), enabled: kinds.length > 0 });
  const countOf = (k: ReviewKind | undefined) => {
    const rows = (counts.data ?? []).filter((q) => (k ? q.kind === k : kinds.includes(q.kind)));
    return { pending: rows.reduce((sum, q) => sum + q.pending, 0), overdue: rows.reduce((sum, q) => sum + q.overdue, 0) };
  };
  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    setParams(copy);
  };

  if (kinds.length === 0)
    return (
      <Page title={t('queues.title')} testId="queues-page">
        <EmptyState title={t('queues.noQueues')} />
      </Page>
    );

  const chip = (k: ReviewKind | undefined, label: string) => {
    const c = countOf(k);
    const current = k === kind;
    return (
      <li key={k ?? 'all'}>
        <Link className={kit.chip} to={href(k, state)} aria-current={current ? 'page' : undefined} data-testid={`queue-kind-${k ?? 'all'}`}>
          {label}
          {counts.data ? (
            <span
              className={`${kit.count} ${c.overdue > 0 ? kit.countOverdue : ''}`}
              aria-label={
                c.overdue > 0
                  ? t('queues.countOverdue', { pending: c.pending, overdue: c.overdue })
                  : t('queues.countPending', { pending: c.pending })
              }
            >
              {c.pending}
            </span>
          ) : null}
        </Link>
      </li>
    );
  };

  return (
    <Page title={t('queues.title')} lead={t('queues.lead')} testId="queues-page">
      <div className={kit.filters}>
        <nav className={kit.filterGroup} aria-label={t('queues.kindFilter')}>
          <span className={kit.filterLabel} aria-hidden="true">
            {t('queues.kindFilter')}
          </span>
          <ul className={kit.chips}>
            {chip(undefined, t('queues.allKinds'))}
            {kinds.map((k) => chip(k, t(`kinds.${k}`)))}
          </ul>
        </nav>
        <nav className={kit.filterGroup} aria-label={t('queues.stateFilter')}>
          <span className={kit.filterLabel} aria-hidden="true">
            {t('queues.stateFilter')}
          </span>
          <ul className={kit.chips}>
            {REVIEW_STATES.map((s) => (
              <li key={s}>
                <Link
                  className={kit.chip}
                  to={href(kind, s)}
                  aria-current={s === state ? 'page' : undefined}
                  data-testid={`queue-state-${s}`}
                >
                  {t(`states.${s}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Section
        title={t('queues.listTitle', { kind: kind ? t(`kinds.${kind}`) : t('queues.allKinds'), state: t(`states.${state}`) })}
        actions={list.data ? <span className={kit.muted}>{t('queues.total', { count: list.data.total })}</span> : null}
        testId="queue-list"
      >
        <QueryView
          query={list}
          isEmpty={(data) => data.items.length === 0}
          empty={state === 'pending' ? t('queues.empty') : t('queues.emptyState')}
        >
          {(data) => (
            <>
              <ReviewTable
                items={data.items}
                decided={state !== 'pending'}
                caption={t('queues.listTitle', { kind: kind ? t(`kinds.${kind}`) : t('queues.allKinds'), state: t(`states.${state}`) })}
                testId="queue-table"
              />
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="queue-pager" />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
