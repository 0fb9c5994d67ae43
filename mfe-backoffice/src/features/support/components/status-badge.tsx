import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './support.module.css';

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A conversation's status in words: open (waits for an answer), answered, closed. */
export function StatusBadge({ status, testId }: { status: TicketStatus; testId?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={styles.status} data-status={status} data-testid={testId}>
      {t(`support.status.${status}`)}
    </span>
  );
}
