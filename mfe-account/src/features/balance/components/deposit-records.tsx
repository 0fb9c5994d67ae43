import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEPOSITS_PAGE_SIZE, explorerLink } from '@meridian/contracts';
import type { DepositView } from '@meridian/contracts';
import { formatAmount, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { fundingQueries } from '../api/funding-api.ts';
import styles from './funding.module.css';
import { Timeline } from './timeline.tsx';
import type { TimelineStep } from './timeline.tsx';

/** A deposit's timeline: submitted → in review → approved (credited) or rejected (with the reason). */
function stepsOf(deposit: DepositView, t: (key: string) => string): TimelineStep[] {
  const decided = deposit.state !== 'pending';
  const steps: TimelineStep[] = [
    { key: 'submitted', done: true, time: deposit.submittedAt },
    { key: 'inReview', done: decided || deposit.inReview },
  ];
  if (deposit.state === 'rejected')
    steps.push({ key: 'rejected', done: true, time: deposit.decidedAt, detail: t(`funding.reasons.${deposit.reason}`), tone: 'bad' });
  else if (deposit.state === 'approved') steps.push({ key: 'approved', done: true, time: deposit.decidedAt, tone: 'good' });
  else steps.push({ key: 'decision', done: false });
  return steps;
}

function DepositItem({ deposit }: { deposit: DepositView }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <li className={styles.record} data-testid="deposit-record" data-state={deposit.state}>
      <div className={styles.recordHead}>
        <strong>{formatAmount(deposit.amount, deposit.currency, lang)}</strong>
        <span className={styles.muted}>
          {deposit.currency} · {deposit.network}
        </span>
        <span className={styles.state} data-tone={deposit.state} data-testid="deposit-state">
          {t(`funding.states.${deposit.state}`)}
        </span>
      </div>
      <a className={styles.hash} href={explorerLink(deposit.network, deposit.txHash)} target="_blank" rel="noreferrer noopener" dir="ltr">
        {deposit.txHash}
      </a>
      <Timeline steps={stepsOf(deposit, t)} kind="funding" testPrefix="deposit" />
    </li>
  );
}

/** The user's deposits, newest first, paged; an operator's decision refreshes them while the page is open. */
export function DepositRecords() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery(fundingQueries.deposits(api, userId, page));
  return (
    <QueryView query={query}>
      {(list) =>
        list.total === 0 ? (
          <EmptyState title={t('funding.noDeposits')} />
        ) : (
          <>
            <ol className={styles.records} data-testid="deposit-records">
              {list.items.map((deposit) => (
                <DepositItem key={deposit.id} deposit={deposit} />
              ))}
            </ol>
            <Pager page={page} pageSize={DEPOSITS_PAGE_SIZE} total={list.total} onPage={setPage} testId="deposits-pager" />
          </>
        )
      }
    </QueryView>
  );
}
