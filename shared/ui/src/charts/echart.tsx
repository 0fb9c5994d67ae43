import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { LoadingState } from '../components/states.tsx';
import type * as EchartsSetup from './echarts-setup.ts';
import styles from './echart.module.css';

let setup: Promise<typeof EchartsSetup> | null = null;
/** echarts loads the first time a chart is shown, never on a page that draws none. */
const loadEcharts = () => (setup ??= import(/* webpackChunkName: "echarts" */ './echarts-setup.ts'));

/** A drawn chart (echarts' instance), handed to `onReady`. */
export type EChartsInstance = EChartsType;

export interface EChartProps {
  option: EChartsCoreOption;
  /** Replace the whole option instead of merging it (a new series layout). */
  notMerge?: boolean;
  /** CSS height of the chart box. */
  height: string;
  label: string;
  testId?: string;
  onReady?: (chart: EChartsType) => void;
}

/** An echarts canvas that follows its box's size; the option is applied whenever it changes. */
export function EChart({ option, notMerge = false, height, label, testId, onReady }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    let disposed = false;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then(({ init }) => {
      if (disposed || !box.current) return;
      instance = init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(box.current);
      setChart(instance);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    if (chart) onReady?.(chart);
  }, [chart, onReady]);

  useEffect(() => {
    chart?.setOption(option, { notMerge, lazyUpdate: true });
  }, [chart, option, notMerge]);

  return (
    <div className={styles.wrap} style={{ height }}>
      {/* Time runs left to right in every language. */}
      <div
        ref={box}
        className={styles.canvas}
        dir="ltr"
        role="img"
        aria-label={label}
        data-testid={testId}
        data-ready={chart ? 'true' : 'false'}
      />
      {chart ? null : (
        <div className={styles.loading}>
          <LoadingState />
        </div>
      )}
    </div>
  );
}
