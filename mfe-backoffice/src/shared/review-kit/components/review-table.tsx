import { Link, useNavigate } from 'react-router-dom';
import type { ReviewView } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { itemPath, userPath } from '../paths.ts';
import { KindBadge, StateBadge, WaitedTime } from './badges.tsx';
import styles from './kit.module.css';

/** Who the item is about: the customer's email, a visitor's email from the payload, or "Visitor". */
export function useCustomerLabel(): (item: ReviewView) => string {
  const { t } = useT(NAMESPACE);
  return (item) => item.userEmail ?? item.payload.email ?? t('queues.anonymous');
}

const late = (item: ReviewView) => item.overdue && item.state === 'pending';

/**
 * Review items as a table: one row per item, the whole row opens it (mouse), the item link in the
 * first cell does the same from the keyboard. Pending lists show the assignee; decided ones who
 * decided, why and when.
 */
export function ReviewTable({
  items,
  decided,
  showState = false,
  showCustomer = true,
  caption,
  testId,
}: {
  items: readonly ReviewView[];
  /** Show the decision columns instead of the assignee. */
  decided: boolean;
  showState?: boolean;
  showCustomer?: boolean;
  caption: string;
  testId: string;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const navigate = useNavigate();
  const customer = useCustomerLabel();
  const columns: DataColumn<ReviewView>[] = [
    {
      id: 'item',
      header: t('queues.columns.item'),
      rowHeader: true,
      className: styles.nowrap,
      cell: (item) => (
        <Link className={styles.rowLink} to={itemPath(item)} data-testid="review-link">
          {t('queues.itemNumber', { id: item.id })}
        </Link>
      ),
    },
    { id: 'kind', header: t('queues.columns.kind'), cell: (item) => <KindBadge kind={item.kind} /> },
    ...(showState
      ? [{ id: 'state', header: t('queues.columns.state'), cell: (item: ReviewView) => <StateBadge state={item.state} /> }]
      : []),
    {
      id: 'subject',
      header: t('queues.columns.subject'),
      cell: (item) => (
        <span className={`${styles.mono} ${styles.subject}`} title={item.subject}>
          {item.subject}
        </span>
      ),
    },
    ...(showCustomer
      ? [
          {
            id: 'customer',
            header: t('queues.columns.customer'),
            cell: (item: ReviewView) => (
              <span className={styles.truncate} title={customer(item)}>
                {item.userId ? (
                  <Link className={styles.link} to={userPath(item.userId)}>
                    {customer(item)}
                  </Link>
                ) : (
                  customer(item)
                )}
              </span>
            ),
          },
        ]
      : []),
    {
      id: 'waited',
      header: t('queues.columns.waited'),
      cell: (item) => <WaitedTime waitedSeconds={item.waitedSeconds} limitSeconds={item.limitSeconds} overdue={late(item)} />,
    },
    ...(decided
      ? [
          {
            id: 'decidedBy',
            header: t('queues.columns.decidedBy'),
            cell: (item: ReviewView) => <span className={styles.truncate}>{item.decidedBy ?? '—'}</span>,
          },
          {
            id: 'reason',
            header: t('queues.columns.reason'),
            cell: (item: ReviewView) => (item.reasonCode ? t(`reasons.${item.reasonCode}`) : '—'),
          },
          {
            id: 'decidedAt',
            header: t('queues.columns.decidedAt'),
            className: styles.nowrap,
            cell: (item: ReviewView) => (item.decidedAt ? formatDateTime(item.decidedAt, lang) : '—'),
          },
        ]
      : [
          {
            id: 'assignee',
            header: t('queues.columns.assignee'),
            cell: (item: ReviewView) => (
              <span className={styles.truncate}>{item.assignee ?? <span className={styles.muted}>{t('queues.unassigned')}</span>}</span>
            ),
          },
          {
            id: 'enqueued',
            header: t('queues.columns.enqueued'),
            className: styles.nowrap,
            cell: (item: ReviewView) => formatDateTime(item.enqueuedAt, lang),
          },
        ]),
  ];
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      caption={caption}
      testId={testId}
      onRowClick={(item) => void navigate(itemPath(item))}
      rowAttributes={(item) => ({
        className: late(item) ? styles.overdueRow : undefined,
        'data-testid': 'review-row',
        'data-id': item.id,
        'data-kind': item.kind,
        'data-overdue': late(item) ? 'true' : 'false',
      })}
    />
  );
}
