import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ReviewView } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { itemPath, userPath } from '../paths.ts';
import { KindBadge, StateBadge, WaitedTime } from './badges.tsx';
import styles from './kit.module.css';

/** Who the item is about: the customer's email, a visitor's email from the payload, or "Visitor". */
export function useCustomerLabel(): (item: ReviewView) => string {
  const { t } = useT(NAMESPACE);
  return (item) => item.userEmail ?? item.payload.email ?? t('queues.anonymous');
}

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
  const open = (item: ReviewView) => (event: MouseEvent<HTMLTableRowElement>) => {
    // Links and buttons inside the row do their own thing.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(itemPath(item));
  };
  return (
    <div className={styles.scroll}>
      <table className={`${styles.table} ${styles.clickable}`} data-testid={testId}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queues.columns.item')}</th>
            <th scope="col">{t('queues.columns.kind')}</th>
            {showState ? <th scope="col">{t('queues.columns.state')}</th> : null}
            <th scope="col">{t('queues.columns.subject')}</th>
            {showCustomer ? <th scope="col">{t('queues.columns.customer')}</th> : null}
            <th scope="col">{t('queues.columns.waited')}</th>
            {decided ? (
              <>
                <th scope="col">{t('queues.columns.decidedBy')}</th>
                <th scope="col">{t('queues.columns.reason')}</th>
                <th scope="col">{t('queues.columns.decidedAt')}</th>
              </>
            ) : (
              <>
                <th scope="col">{t('queues.columns.assignee')}</th>
                <th scope="col">{t('queues.columns.enqueued')}</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const late = item.overdue && item.state === 'pending';
            return (
              <tr
                key={item.id}
                className={late ? styles.overdueRow : undefined}
                onClick={open(item)}
                data-testid="review-row"
                data-id={item.id}
                data-kind={item.kind}
                data-overdue={late ? 'true' : 'false'}
              >
                <th scope="row" className={styles.nowrap}>
                  <Link className={styles.rowLink} to={itemPath(item)} data-testid="review-link">
                    {t('queues.itemNumber', { id: item.id })}
                  </Link>
                </th>
                <td>
                  <KindBadge kind={item.kind} />
                </td>
                {showState ? (
                  <td>
                    <StateBadge state={item.state} />
                  </td>
                ) : null}
                <td>
                  <span className={`${styles.mono} ${styles.subject}`} title={item.subject}>
                    {item.subject}
                  </span>
                </td>
                {showCustomer ? (
                  <td>
                    <span className={styles.truncate} title={customer(item)}>
                      {item.userId ? (
                        <Link className={styles.link} to={userPath(item.userId)}>
                          {customer(item)}
                        </Link>
                      ) : (
                        customer(item)
                      )}
                    </span>
                  </td>
                ) : null}
                <td>
                  <WaitedTime waitedSeconds={item.waitedSeconds} limitSeconds={item.limitSeconds} overdue={late} />
                </td>
                {decided ? (
                  <>
                    <td>
                      <span className={styles.truncate}>{item.decidedBy ?? '—'}</span>
                    </td>
                    <td>{item.reasonCode ? t(`reasons.${item.reasonCode}`) : '—'}</td>
                    <td className={styles.nowrap}>{item.decidedAt ? formatDateTime(item.decidedAt, lang) : '—'}</td>
                  </>
                ) : (
                  <>
                    <td>
                      <span className={styles.truncate}>
                        {item.assignee ?? <span className={styles.muted}>{t('queues.unassigned')}</span>}
                      </span>
                    </td>
                    <td className={styles.nowrap}>{formatDateTime(item.enqueuedAt, lang)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
