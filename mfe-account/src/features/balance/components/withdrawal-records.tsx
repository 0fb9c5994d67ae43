import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WITHDRAWALS_PAGE_SIZE, explorerLink } from '@meridian/contracts';
import type { WithdrawalView } from '@meridian/contracts';
import { formatAmount, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { withdrawalQueries } from '../api/withdrawals-api.ts';
import styles from './funding.module.css';
import { Timeline } from './timeline.tsx';
import type { TimelineStep } from './timeline.tsx';

/**
 * A withdrawal's timeline (SPEC §5.5a): submitted → in review → approved or rejected (reason) → paid
 * (hash) — and, if the payout bounced, failed (reason, everything returned).
 */
function stepsOf(item: WithdrawalView, t: (key: string) => string): TimelineStep[] {
  const decided = item.state !== 'pending';
  const steps: TimelineStep[] = [
    { key: 'submitted', done: true, time: item.submittedAt },
    { key: 'inReview', done: decided || item.inReview },
  ];
  if (item.state === 'rejected') {
    steps.push({ key: 'rejected', done: true, time: item.decidedAt, detail: t(`withdraw.reasons.${item.reason}`), tone: 'bad' });
    return steps;
  }
  steps.push(decided ? { key: 'approved', done: true, time: item.decidedAt, tone: 'good' } : { key: 'decision', done: false });
  steps.push({ key: 'paid', done: item.state === 'paid' || item.state === 'failed', time: item.paidAt, tone: 'good' });
  if (item.state === 'failed') steps.push({ key: 'failed', done: true, detail: t(`withdraw.reasons.${item.reason}`), tone: 'bad' });
  return steps;
}

function WithdrawalItem({ item }: { item: WithdrawalView }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <li className={styles.record} data-testid="withdrawal-record" data-state={item.state}>
      <div className={styles.recordHead}>
        <strong>{formatAmount(item.amount, item.currency, lang)}</strong>
        <span className={styles.muted}>
          {item.currency} · {item.network}
        </span>
        <span className={styles.state} data-tone={item.state} data-testid="withdrawal-state">
          {t(`withdraw.states.${item.state}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {t('withdraw.recordFigures', {
          fee: formatAmount(item.fee, item.currency, lang),
          received: formatAmount(item.received, item.currency, lang),
        })}
      </p>
      <p className={styles.hash} dir="ltr">
        {item.address}
      </p>
      {item.payoutHash ? (
        <a
          className={styles.hash}
          href={explorerLink(item.network, item.payoutHash)}
          target="_blank"
          rel="noreferrer noopener"
          dir="ltr"
          data-testid="withdrawal-payout"
        >
          {item.payoutHash}
        </a>
      ) : null}
      <Timeline steps={stepsOf(item, t)} kind="withdraw" testPrefix="withdrawal" />
    </li>
  );
}

/** The user's withdrawals, newest first, paged; an operator's decision or payout refreshes them while the page is open. */
export function WithdrawalRecords() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery(withdrawalQueries.withdrawals(api, userId, page));
  return (
    <QueryView query={query}>
      {(list) =>
        list.total === 0 ? (
          <EmptyState title={t('withdraw.none')} />
        ) : (
          <>
            <ol className={styles.records} data-testid="withdrawal-records">
              {list.items.map((item) => (
                <WithdrawalItem key={item.id} item={item} />
              ))}
            </ol>
            <Pager page={page} pageSize={WITHDRAWALS_PAGE_SIZE} total={list.total} onPage={setPage} testId="withdrawals-pager" />
          </>
        )
      }
    </QueryView>
  );
}
