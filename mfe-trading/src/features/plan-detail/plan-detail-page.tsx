import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { RUNNING_SMART_STATES, wholeNumber } from '@meridian/contracts';
import type { SmartOrderDetail } from '@meridian/contracts';
import { ApiError, formatAmount, formatDecimal, useLanguage, useT, useUser } from '@meridian/platform';
import { surfaceClasses, pageLayout } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { SmartGate } from '../../shared/gate.tsx';
import { clockSkew } from '@meridian/ui/clock';
import { NextProfitCountdown } from '../../shared/next-profit.tsx';
import { PlanStateBadge } from '../../shared/plan-state.tsx';
import { smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { utcDateTime } from '../../shared/utc-date.ts';
import styles from '../../shared/trading.module.css';
import { AccrualsChart } from './accruals-chart.tsx';
import { EarlyExit } from './early-exit.tsx';

function Detail({ data: { order: plan, accruals, now }, receivedAt }: { data: SmartOrderDetail; receivedAt: number }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const running = (RUNNING_SMART_STATES as readonly string[]).includes(plan.state);
  const fmt = (value: string) => formatAmount(value, plan.currency, lang);
  const utc = (at: string) => t('form.utc', { date: utcDateTime(at, lang) });
  return (
    <>
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="smart-plan-title" data-testid="smart-plan">
        <div className={styles.head}>
          <h1 id="smart-plan-title" className={pageLayout.title}>
            {t('detail.title', { name: plan.productName, id: plan.id })}
          </h1>
          <PlanStateBadge state={plan.state} />
        </div>
        {plan.state === 'earning' ? <p className={pageLayout.muted}>{t('detail.earning', { count: plan.profitSharingDays })}</p> : null}
        {plan.state === 'profit_shared' ? <p className={pageLayout.muted}>{t('detail.shared')}</p> : null}
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('detail.amount')}</dt>
            <dd data-testid="smart-plan-amount">{fmt(plan.amount)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('detail.terms')}</dt>
            <dd>
              {t('products.days', { count: plan.termDays })} ·{' '}
              {t('products.percent', { value: formatDecimal(plan.dailyYieldPercent, lang) })}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('form.dailyIncome')}</dt>
            <dd>{fmt(plan.dailyIncome)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('mine.days')}</dt>
            <dd data-testid="smart-days">{t('mine.daysOf', { run: plan.daysRun, term: plan.termDays })}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('mine.accrued')}</dt>
            <dd data-testid="smart-accrued" data-value={plan.accrued}>
              {fmt(plan.accrued)}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('mine.totalProfit')}</dt>
            <dd data-testid="smart-total-profit" data-value={plan.totalProfit}>
              {fmt(plan.totalProfit)}
            </dd>
          </div>
          {running ? (
            <div className={styles.figure}>
              <dt>{t('mine.next')}</dt>
              <dd>
                <NextProfitCountdown at={plan.nextProfitAt} skewMs={clockSkew(now, receivedAt)} />
              </dd>
            </div>
          ) : null}
          <div className={styles.figure}>
            <dt>{t('detail.started')}</dt>
            <dd>{utc(plan.startedAt)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('form.endsAt')}</dt>
            <dd data-testid="smart-ends">{utc(plan.endsAt)}</dd>
          </div>
          {plan.penalty !== null ? (
            <div className={styles.figure}>
              <dt>{t('exit.penalty')}</dt>
              <dd data-testid="smart-plan-penalty">{fmt(plan.penalty)}</dd>
            </div>
          ) : null}
          {plan.returned !== null ? (
            <div className={styles.figure}>
              <dt>{t('detail.returned')}</dt>
              <dd data-testid="smart-plan-returned">{fmt(plan.returned)}</dd>
            </div>
          ) : null}
          {plan.endedAt !== null ? (
            <div className={styles.figure}>
              <dt>{t('detail.endedAt')}</dt>
              <dd>{utc(plan.endedAt)}</dd>
            </div>
          ) : null}
        </dl>
        <p className={pageLayout.muted}>
          {t('detail.stated', {
            income: fmt(plan.totalIncome),
            total: fmt(plan.totalAtTerm),
            penalty: formatDecimal(plan.earlyExitPenaltyPercent, lang),
          })}
        </p>
      </section>
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="smart-accruals-title" data-testid="smart-accruals">
        <h2 id="smart-accruals-title" className={pageLayout.cardTitle}>
          {t('detail.accruals')}
        </h2>
        <AccrualsChart accruals={accruals} currency={plan.currency} />
      </section>
      {running ? (
        <section
          className={`${surfaceClasses.panel} ${pageLayout.card}`}
          aria-labelledby="smart-exit-title"
          data-testid="smart-exit-section"
        >
          <h2 id="smart-exit-title" className={pageLayout.cardTitle}>
            {t('exit.title')}
          </h2>
          <EarlyExit plan={plan} />
        </section>
      ) : null}
    </>
  );
}

/** `/trading/:id`: one of the customer's plans: its figures, the next day's income, each day's income, leaving early. */
export function PlanDetailPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const id = wholeNumber(useParams().id ?? '');
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useQuery({ ...smartQueries.detail(api, userId, id), enabled: userId !== null && valid });
  return (
    <div className={pageLayout.page} data-testid="mfe-trading-page">
      <Link to="/trading" data-testid="smart-back">
        {t('detail.back')}
      </Link>
      <SmartGate>
        {valid ? (
          <QueryView
            query={detail}
            isMissing={(error) => error instanceof ApiError && error.status === 404}
            notFound={t('detail.notFound')}
          >
            {(data) => <Detail data={data} receivedAt={detail.dataUpdatedAt} />}
          </QueryView>
        ) : (
          <p data-testid="smart-plan-missing">{t('detail.notFound')}</p>
        )}
      </SmartGate>
    </div>
  );
}
