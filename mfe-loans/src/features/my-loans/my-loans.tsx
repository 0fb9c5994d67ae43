import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LOAN_CURRENCY, LOANS_PAGE_SIZE } from '@meridian/contracts';
import type { LoanView } from '@meridian/contracts';
import { formatAmount, formatDateTime, useAccountMode, useIsLoggedIn, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState, surfaceClasses, pageLayout } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { LoanStateBadge } from '../../shared/loan-state.tsx';
import { loanQueries } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';

/** The customer's loans, newest first: amount, term, state with its time, what is owed now; each opens its page. */
export function MyLoans() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  const userId = useUser()?.id ?? null;
  const [page, setPage] = useState(1);
  const list = useQuery({ ...loanQueries.list(api, userId, page), enabled: loggedIn && mode === 'real' && userId !== null });
  if (!loggedIn || mode !== 'real') return null;
  const fmt = (value: string) => formatAmount(value, LOAN_CURRENCY, lang);
  const columns: DataColumn<LoanView>[] = [
    {
      id: 'loan',
      header: t('mine.loan'),
      rowHeader: true,
      sortValue: (loan) => loan.id,
      cell: (loan) => (
        <>
          <Link to={`/loan/${loan.id}`} data-testid="my-loan-link">
            #{loan.id}
          </Link>
          <div className={pageLayout.muted}>{formatDateTime(loan.appliedAt, lang)}</div>
        </>
      ),
    },
    { id: 'amount', header: t('mine.amount'), numeric: true, cell: (loan) => fmt(loan.amount) },
    { id: 'term', header: t('mine.term'), cell: (loan) => t('apply.days', { count: loan.termDays }) },
    { id: 'state', header: t('mine.state'), cell: (loan) => <LoanStateBadge state={loan.state} /> },
    { id: 'owed', header: t('mine.owed'), numeric: true, cell: (loan) => fmt(loan.owed) },
  ];
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="my-loans-title" data-testid="my-loans">
      <h2 id="my-loans-title" className={pageLayout.cardTitle}>
        {t('mine.title')}
      </h2>
      <QueryView query={list}>
        {({ items, total }) => (
          <DataTable<LoanView>
            columns={columns}
            rows={items}
            rowKey={(loan) => loan.id}
            caption={t('mine.title')}
            empty={<EmptyState title={t('mine.empty')} />}
            paging={{ page, pageSize: LOANS_PAGE_SIZE, total, onPage: setPage }}
            busy={list.isPlaceholderData}
            cards
            rowAttributes={() => ({ 'data-testid': 'my-loan-row' })}
            testId="my-loans-table"
            pagerTestId="my-loans-pager"
          />
        )}
      </QueryView>
    </section>
  );
}
