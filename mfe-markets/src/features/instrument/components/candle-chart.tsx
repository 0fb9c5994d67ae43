import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EChartsInstance } from '@meridian/ui';
import type { Candle, CandleInterval } from '@meridian/contracts';
import { localeOf, useLanguage } from '@meridian/platform';
import type { LanguageCode } from '@meridian/contracts';
import { EChart, chartNumber } from '@meridian/ui';

function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function timeLabel(time: number, interval: CandleInterval, lang: LanguageCode): string {
  const options: Intl.DateTimeFormatOptions =
    interval === '1d' || interval === '1w'
      ? { dateStyle: 'medium' }
      : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(localeOf(lang), options).format(time);
}

/** Candlesticks with volume below, a crosshair tooltip and zoom by wheel or pinch. */
export function CandleChart({
  candles,
  interval,
  label,
  names,
}: {
  candles: readonly Candle[];
  interval: CandleInterval;
  label: string;
  names: { price: string; volume: string };
}) {
  const lang = useLanguage();
  const [chart, setChart] = useState<EChartsInstance | null>(null);
  const onReady = useCallback((instance: EChartsInstance) => setChart(instance), []);
  // The zoom window is set when a series is first drawn (the last 120 candles); live updates keep
  // whatever the user chose since.
  const series = `${interval}|${candles[0]?.[0] ?? ''}|${candles.length > 0}`;
  useEffect(() => {
    if (!chart || candles.length === 0) return;
    chart.dispatchAction({ type: 'dataZoom', start: candles.length > 120 ? 100 - (120 / candles.length) * 100 : 0, end: 100 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a new series is drawn
  }, [chart, series]);
  const option = useMemo(() => {
    const up = token('--m-color-up', '#047857');
    const down = token('--m-color-down', '#b91c1c');
    const muted = token('--m-color-text-muted', '#4b5563');
    const border = token('--m-color-border', '#d9dee8');
    const times = candles.map((c) => timeLabel(c[0], interval, lang));
    return {
      animation: false,
      grid: [
        { left: 8, right: 72, top: 12, height: '64%' },
        { left: 8, right: 72, top: '80%', height: '14%' },
      ],
      tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, confine: true },
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      xAxis: [
        { type: 'category', data: times, boundaryGap: true, axisLine: { lineStyle: { color: border } }, axisLabel: { color: muted } },
        { type: 'category', gridIndex: 1, data: times, boundaryGap: true, axisLabel: { show: false }, axisTick: { show: false } },
      ],
      yAxis: [
        { scale: true, position: 'right', splitLine: { lineStyle: { color: border } }, axisLabel: { color: muted } },
        { scale: true, gridIndex: 1, position: 'right', axisLabel: { show: false }, splitLine: { show: false } },
      ],
      dataZoom: [{ type: 'inside', xAxisIndex: [0, 1] }],
      series: [
        {
          name: names.price,
          type: 'candlestick',
          // echarts takes [open, close, low, high].
          data: candles.map((c) => [chartNumber(c[1]), chartNumber(c[4]), chartNumber(c[3]), chartNumber(c[2])]),
          itemStyle: { color: up, color0: down, borderColor: up, borderColor0: down },
        },
        {
          name: names.volume,
          type: 'bar',
          xAxisIndex: 1,
          yAxisIndex: 1,
          data: candles.map((c) => ({
            value: chartNumber(c[5]),
            itemStyle: { color: chartNumber(c[4]) >= chartNumber(c[1]) ? up : down, opacity: 0.5 },
          })),
        },
      ],
    };
  }, [candles, interval, lang, names.price, names.volume]);
  return <EChart option={option} height="min(56vh, 28rem)" label={label} testId="candle-chart" onReady={onReady} />;
}
