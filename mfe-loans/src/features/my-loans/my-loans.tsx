import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LOAN_CURRENCY, LOANS_PAGE_SIZE } from '@meridian/contracts';
import { formatAmount, formatDateTime, useAccountMode, useIsLoggedIn, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState, surfaceClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { LoanStateBadge } from '../../shared/loan-state.tsx';
import { loanQueries } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import styles from '../../shared/loans.module.css';

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
  return (
    <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="my-loans-title" data-testid="my-loans">
      <h2 id="my-loans-title" className={styles.cardTitle}>
        {t('mine.title')}
      </h2>
      <QueryView query={list}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState title={t('mine.empty')} />
          ) : (
            <>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('mine.loan')}</th>
                      <th scope="col">{t('mine.amount')}</th>
                      <th scope="col">{t('mine.term')}</th>
                      <th scope="col">{t('mine.state')}</th>
                      <th scope="col">{t('mine.owed')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((loan) => (
                      <tr key={loan.id} data-testid="my-loan-row">
                        <td>
                          <Link to={`/loan/${loan.id}`} data-testid="my-loan-link">
                            #{loan.id}
                          </Link>
                          <div className={styles.muted}>{formatDateTime(loan.appliedAt, lang)}</div>
                        </td>
                        <td>{fmt(loan.amount)}</td>
                        <td>{t('apply.days', { count: loan.termDays })}</td>
                        <td>
                          <LoanStateBadge state={loan.state} />
                        </td>
                        <td>{fmt(loan.owed)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={LOANS_PAGE_SIZE} total={total} onPage={setPage} testId="my-loans-pager" />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
