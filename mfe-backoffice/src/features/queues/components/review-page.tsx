import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { Evidence } from './evidence.tsx';

const {
  Facts,
  KindBadge,
  Page,
  Section,
  StateBadge,
  WaitedTime,
  kitClasses: kit,
  reviewQueryOptions,
  useCustomerLabel,
  userPath,
} = reviewKit;

/**
 * `/admin/queues/:id`: one review item — its facts, the evidence beside the decision panel ("Take it",
 * approve / reject with a reason of the kind), or how it was decided.
 */
export function ReviewPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { id: raw = '' } = useParams();
  const id = /^\d{1,10}$/.test(raw) ? Math.floor(Number(raw)) : 0;
  const query = useQuery({ ...reviewQueryOptions(id), enabled: id > 0 });
  const customer = useCustomerLabel();
  const back = { to: '/admin/queues', label: t('queues.backToQueues') };

  if (id === 0)
    return (
      <Page title={t('queues.review.notFound')} back={back} testId="review-page">
        <EmptyState title={t('queues.review.notFound')} />
      </Page>
    );

  const item = query.data;
  return (
    <Page
      title={item ? `${t(`kinds.${item.kind}`)} · ${t('queues.itemNumber', { id })}` : t('queues.itemNumber', { id })}
      titleExtra={item ? <StateBadge state={item.state} testId="review-state" /> : null}
      back={item ? { to: `/admin/queues?kind=${item.kind}`, label: t('queues.backToQueue', { kind: t(`kinds.${item.kind}`) }) } : back}
      testId="review-page"
    >
      <QueryView query={query} notFound={t('queues.review.notFound')}>
        {(view) => (
          <>
            <Section title={t('queues.review.facts')} testId="review-facts">
              <Facts
                items={[
                  { label: t('queues.columns.kind'), value: <KindBadge kind={view.kind} /> },
                  { label: t('queues.columns.subject'), value: <span className={kit.mono}>{view.subject}</span>, testId: 'review-subject' },
                  {
                    label: t('queues.columns.customer'),
                    value: view.userId ? (
                      <Link className={kit.link} to={userPath(view.userId)} data-testid="review-customer">
                        {customer(view)}
                      </Link>
                    ) : (
                      customer(view)
                    ),
                    wide: true,
                  },
                  { label: t('queues.columns.enqueued'), value: formatDateTime(view.enqueuedAt, lang) },
                  {
                    label: t('queues.columns.waited'),
                    value: (
                      <WaitedTime
                        waitedSeconds={view.waitedSeconds}
                        limitSeconds={view.limitSeconds}
                        overdue={view.overdue && view.state === 'pending'}
                        testId="review-waited"
                      />
                    ),
                  },
                  { label: t('queues.columns.assignee'), value: view.assignee ?? t('queues.unassigned') },
                  ...(view.proposedBy ? [{ label: t('queues.review.proposedBy'), value: view.proposedBy, testId: 'review-proposer' }] : []),
                ]}
              />
            </Section>
            <div className={adminStyles.split}>
              <Section title={t('queues.review.evidence')} testId="review-evidence-section">
                <Evidence item={view} />
              </Section>
              <DecisionPanel item={view} />
            </div>
          </>
        )}
      </QueryView>
    </Page>
  );
}
