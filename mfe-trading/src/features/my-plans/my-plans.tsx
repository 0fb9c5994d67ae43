import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RUNNING_SMART_STATES, SMART_ORDERS_PAGE_SIZE } from '@meridian/contracts';
import type { SmartOrderView } from '@meridian/contracts';
import { formatAmount, formatDateTime, useAccountMode, useIsLoggedIn, useLanguage, useT, useUser } from '@meridian/platform';
import { EmptyState, surfaceClasses, pageLayout } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { clockSkew } from '@meridian/ui/clock';
import { NextProfitCountdown } from '../../shared/next-profit.tsx';
import { PlanStateBadge } from '../../shared/plan-state.tsx';
import type { PlanFilter } from '../../shared/query-keys.ts';
import { smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';

const FILTERS: readonly PlanFilter[] = ['running', 'completed', 'ended_early', 'all'];

const isRunning = (plan: SmartOrderView) => (RUNNING_SMART_STATES as readonly string[]).includes(plan.state);

/**
 * The customer's plans, newest first, by state (running, completed, ended early, all): product, amount, state,
 * days run of the term, income accrued (not withdrawable yet) and credited in all, the next day's income
 * counting down; each opens its page. Live: a day's income, an early exit or a plan's end reads them again (`userPlans`).
 */
export function MyPlans() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  const userId = useUser()?.id ?? null;
  const [filter, setFilter] = useState<PlanFilter>('running');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...smartQueries.list(api, userId, filter, page), enabled: loggedIn && mode === 'real' && userId !== null });
  if (!loggedIn || mode !== 'real') return null;
  const fmt = (plan: SmartOrderView, value: string) => formatAmount(value, plan.currency, lang);
  const skew = list.data ? clockSkew(list.data.now, list.dataUpdatedAt) : 0;
  const columns: DataColumn<SmartOrderView>[] = [
    {
      id: 'plan',
      header: t('mine.plan'),
      rowHeader: true,
      sortValue: (plan) => plan.id,
      cell: (plan) => (
        <>
          <Link to={`/trading/${plan.id}`} data-testid="smart-plan-link">
            {plan.productName} #{plan.id}
          </Link>
          <div className={pageLayout.muted}>{formatDateTime(plan.startedAt, lang)}</div>
        </>
      ),
    },
    { id: 'amount', header: t('mine.amount'), numeric: true, cell: (plan) => fmt(plan, plan.amount) },
    { id: 'state', header: t('mine.state'), cell: (plan) => <PlanStateBadge state={plan.state} /> },
    { id: 'days', header: t('mine.days'), numeric: true, cell: (plan) => t('mine.daysOf', { run: plan.daysRun, term: plan.termDays }) },
    {
      id: 'accrued',
      header: t('mine.accrued'),
      numeric: true,
      cell: (plan) => (
        <span data-testid="smart-accrued" data-value={plan.accrued}>
          {fmt(plan, plan.accrued)}
        </span>
      ),
    },
    {
      id: 'profit',
      header: t('mine.totalProfit'),
      numeric: true,
      cell: (plan) => (
        <span data-testid="smart-total-profit" data-value={plan.totalProfit}>
          {fmt(plan, plan.totalProfit)}
        </span>
      ),
    },
    {
      id: 'next',
      header: t('mine.next'),
      cell: (plan) => (isRunning(plan) ? <NextProfitCountdown at={plan.nextProfitAt} skewMs={skew} /> : '—'),
    },
  ];
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="smart-mine-title" data-testid="smart-mine">
      <h2 id="smart-mine-title" className={pageLayout.cardTitle}>
        {t('mine.title')}
      </h2>
      <p className={pageLayout.muted}>{t('mine.accruedNote')}</p>
      <Tabs<PlanFilter>
        items={FILTERS.map((key) => ({ key, label: t(`mine.filters.${key}`), testId: `smart-filter-${key}` }))}
        value={filter}
        onChange={(key) => {
          setFilter(key);
          setPage(1);
        }}
        label={t('mine.filterLabel')}
        testId="smart-filters"
      >
        <QueryView query={list}>
          {({ items, total }) => (
            <DataTable<SmartOrderView>
              columns={columns}
              rows={items}
              rowKey={(plan) => plan.id}
              caption={t('mine.title')}
              empty={<EmptyState title={t('mine.empty')} />}
              paging={{ page, pageSize: SMART_ORDERS_PAGE_SIZE, total, onPage: setPage }}
              busy={list.isPlaceholderData}
              cards
              rowAttributes={(plan) => ({ 'data-testid': `smart-plan-row-${plan.id}`, 'data-state': plan.state })}
              testId="smart-plans"
              pagerTestId="smart-plans-pager"
            />
          )}
        </QueryView>
      </Tabs>
    </section>
  );
}
