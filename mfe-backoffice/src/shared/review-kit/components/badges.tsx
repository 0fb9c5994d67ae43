import type { ReviewKind, ReviewState } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatDuration } from '../format.ts';
import styles from './kit.module.css';

/** A review state in words, coloured by outcome. */
export function StateBadge({ state, testId }: { state: ReviewState; testId?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={styles.badge} data-tone={state} data-state={state} data-testid={testId}>
      {t(`states.${state}`)}
    </span>
  );
}

export function KindBadge({ kind }: { kind: ReviewKind }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={styles.badge} data-tone="outline" data-kind={kind}>
      {t(`kinds.${kind}`)}
    </span>
  );
}

/** The demo account's badge (virtual money), in the common words the customer sees. */
export function DemoBadge({ testId }: { testId?: string }) {
  const { t } = useT('common');
  return (
    <span className={styles.badge} data-tone="warn" data-testid={testId} title={t('account.demoBadgeLabel')}>
      {t('account.demoBadge')}
    </span>
  );
}

/** Time in queue against the kind's limit ("3 hr 12 min of 24 hr"), with "Overdue" past the limit. */
export function WaitedTime({
  waitedSeconds,
  limitSeconds,
  overdue,
  testId,
}: {
  waitedSeconds: number;
  limitSeconds: number;
  overdue: boolean;
  testId?: string;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <span className={styles.waited} data-testid={testId} data-overdue={overdue ? 'true' : 'false'}>
      <span className={overdue ? styles.overdueText : undefined}>
        {t('queues.waitedOf', { waited: formatDuration(waitedSeconds, lang), limit: formatDuration(limitSeconds, lang) })}
      </span>
      {overdue ? (
        <span className={styles.badge} data-tone="danger">
          {t('queues.overdue')}
        </span>
      ) : null}
    </span>
  );
}
