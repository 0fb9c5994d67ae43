import { useMemo } from 'react';
import type { SmartAccrualView } from '@meridian/contracts';
import { formatAmount, useLanguage, useT } from '@meridian/platform';
import { EChart, chartNumber, pageLayout } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { utcDateTime } from '../../shared/utc-date.ts';
import styles from '../../shared/trading.module.css';

function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Each credited day's income as a bar (the kit's echarts, loaded on first use); the same figures as a table beside it. */
export function AccrualsChart({ accruals, currency }: { accruals: readonly SmartAccrualView[]; currency: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const option = useMemo(() => {
    const primary = token('--m-color-primary', '#1f5eff');
    const muted = token('--m-color-text-muted', '#4b5563');
    const border = token('--m-color-border', '#d9dee8');
    return {
      animation: false,
      grid: { left: 8, right: 72, top: 12, bottom: 28 },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: {
        type: 'category',
        data: accruals.map((a) => t('detail.dayN', { day: a.day })),
        axisLine: { lineStyle: { color: border } },
        axisLabel: { color: muted },
      },
      yAxis: { type: 'value', position: 'right', splitLine: { lineStyle: { color: border } }, axisLabel: { color: muted } },
      series: [{ name: t('detail.income'), type: 'bar', data: accruals.map((a) => chartNumber(a.amount)), itemStyle: { color: primary } }],
    };
  }, [accruals, t]);
  const fmt = (value: string) => formatAmount(value, currency, lang);
  return (
    <div className={styles.chartPair}>
      {accruals.length > 0 ? (
        <EChart
          option={option}
          notMerge
          height="16rem"
          label={t('detail.chartLabel', { count: accruals.length })}
          testId="smart-accruals-chart"
        />
      ) : (
        <p className={pageLayout.muted} data-testid="smart-accruals-chart">
          {t('detail.noAccruals')}
        </p>
      )}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('detail.accrualsCaption')}>
        <table className={styles.table} data-testid="smart-accruals-table">
          <caption>{t('detail.accrualsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('detail.day')}</th>
              <th scope="col">{t('detail.creditedAt')}</th>
              <th scope="col" className={styles.end}>
                {t('detail.income')}
              </th>
            </tr>
          </thead>
          <tbody>
            {accruals.map((a) => (
              <tr key={a.day} data-testid="smart-accrual">
                <th scope="row">{a.day}</th>
                <td>{utcDateTime(a.at, lang)}</td>
                <td className={styles.end}>{fmt(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
