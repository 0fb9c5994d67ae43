import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { LOAN_CURRENCY, wholeNumber } from '@meridian/contracts';
import type { LoanDetailResult, LoanEventView } from '@meridian/contracts';
import { formatAmount, formatCountdown, formatDateTime, useLanguage, useNow, useT, useUser } from '@meridian/platform';
import { Button, surfaceClasses, pageLayout } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { failureKey } from '../../shared/failure.ts';
import { utcLastDay } from '../../shared/utc-day.ts';
import { LoanStateBadge } from '../../shared/loan-state.tsx';
import { loanQueries, loansApi } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import styles from '../../shared/loans.module.css';
import { RepayForm } from './repay-form.tsx';

/** The signed agreement, downloaded with the session (the same bytes as signed; its SHA-256 shown beside it). */
function AgreementDownload({ id, sha256 }: { id: number; sha256: string }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api, toast } = usePlatform();
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        disabled={busy}
        data-testid="agreement-download"
        onClick={async () => {
          setBusy(true);
          try {
            const { blob, filename } = await loansApi.agreement(api, id);
            const url = URL.createObjectURL(blob);
            const link = document.createElement('a');
            link.href = url;
            link.download = filename;
            link.click();
            setTimeout(() => URL.revokeObjectURL(url), 10_000);
          } catch (error) {
            toast(tc(failureKey(error)), 'error');
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('detail.agreement')}
      </Button>
      <code className={pageLayout.muted} dir="ltr" title={t('detail.sha256')} style={{ overflowWrap: 'anywhere' }}>
        SHA-256 {sha256}
      </code>
    </div>
  );
}

function Detail({ data: { loan, events } }: { data: LoanDetailResult }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const accruing = loan.state === 'repaying' || loan.state === 'overdue';
  const now = useNow(1000, accruing && loan.nextInterestAt !== null);
  const fmt = (value: string) => formatAmount(value, LOAN_CURRENCY, lang);
  const historyColumns: DataColumn<LoanEventView>[] = [
    { id: 'when', header: t('detail.when'), cell: (event) => formatDateTime(event.at, lang) },
    {
      id: 'event',
      header: t('detail.event'),
      rowHeader: true,
      cell: (event) => (
        <>
          {t(`events.${event.kind}`)}
          {event.kind === 'repayment' && event.interest && event.principal ? (
            <div className={pageLayout.muted}>{t('detail.split', { interest: fmt(event.interest), principal: fmt(event.principal) })}</div>
          ) : null}
        </>
      ),
    },
    { id: 'amount', header: t('detail.amountCol'), numeric: true, cell: (event) => (event.amount ? fmt(event.amount) : '—') },
  ];
  return (
    <>
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="loan-summary-title" data-testid="loan-summary">
        <div className={styles.head}>
          <h2 id="loan-summary-title" className={pageLayout.cardTitle}>
            {t('detail.title', { id: loan.id })}
          </h2>
          <LoanStateBadge state={loan.state} />
        </div>
        {loan.state === 'rejected' && loan.reason ? (
          <p role="alert" data-testid="loan-reason">
            {t('detail.rejected', { reason: t(`reasons.${loan.reason}`) })}
          </p>
        ) : null}
        {loan.state === 'pending' ? <p className={pageLayout.muted}>{t('detail.pending')}</p> : null}
        {loan.state === 'overdue' ? (
          <p role="alert" data-testid="loan-overdue">
            {t('detail.overdue')}
          </p>
        ) : null}
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('detail.amount')}</dt>
            <dd data-testid="loan-amount">{fmt(loan.amount)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.terms')}</dt>
            <dd>
              {t('apply.days', { count: loan.termDays })} · {loan.dailyRatePercent} % · {t('detail.free', { count: loan.interestFreeDays })}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.principalDue')}</dt>
            <dd data-testid="loan-principal-due">{fmt(loan.principalDue)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.interestDue')}</dt>
            <dd data-testid="loan-interest-due">{fmt(loan.interestDue)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.owed')}</dt>
            <dd data-testid="loan-owed">{fmt(loan.owed)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.dueAt')}</dt>
            <dd data-testid="loan-due">{loan.dueAt ? utcLastDay(loan.dueAt, lang, t) : t('detail.afterApproval')}</dd>
          </div>
          {accruing && loan.nextInterestAt ? (
            <div className={styles.figure}>
              <dt>{t('detail.nextInterest')}</dt>
              <dd data-testid="loan-next-interest">{formatCountdown(Date.parse(loan.nextInterestAt) - now)}</dd>
            </div>
          ) : null}
        </dl>
        <p className={pageLayout.muted}>
          {t('detail.stated', { interest: fmt(loan.totalInterest), repayment: fmt(loan.repaymentAmount) })}
        </p>
        <AgreementDownload id={loan.id} sha256={loan.agreementSha256} />
      </section>
      {accruing ? (
        <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="repay-title" data-testid="loan-repay">
          <h2 id="repay-title" className={pageLayout.cardTitle}>
            {t('repay.title')}
          </h2>
          <RepayForm loan={loan} />
        </section>
      ) : null}
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="history-title" data-testid="loan-history">
        <h2 id="history-title" className={pageLayout.cardTitle}>
          {t('detail.history')}
        </h2>
        <DataTable<LoanEventView & { key: string }>
          columns={historyColumns}
          rows={[...events].reverse().map((event, index) => ({ ...event, key: `${event.kind}-${event.at}-${index}` }))}
          rowKey={(event) => event.key}
          caption={t('detail.history')}
          pageSize={20}
          cards
          rowAttributes={(event) => ({ 'data-testid': 'loan-event', 'data-kind': event.kind })}
          testId="loan-events"
          pagerTestId="loan-events-pager"
        />
      </section>
    </>
  );
}

/** `/loan/:id`: one of the customer's loans: its state with its time, what is owed, the agreement, repaying, its history. */
export function LoanDetailPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const id = wholeNumber(useParams().id ?? '');
  const detail = useQuery({ ...loanQueries.detail(api, userId, id), enabled: userId !== null && Number.isSafeInteger(id) });
  return (
    <div className={pageLayout.page} data-testid="mfe-loans-page">
      <Link to="/loan" data-testid="loan-back">
        {t('detail.back')}
      </Link>
      <QueryView query={detail}>{(data) => <Detail data={data} />}</QueryView>
    </div>
  );
}
