import { chartNumber } from './chart-number.ts';

/** A small line of the last prices (SVG, no chart library): rising green, falling red. */
export function Sparkline({
  values,
  width = 96,
  height = 32,
  label,
}: {
  values: readonly string[];
  width?: number;
  height?: number;
  label: string;
}) {
  if (values.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const points = values.map(chartNumber);
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const step = width / (points.length - 1);
  const path = points.map((p, i) => `${(i * step).toFixed(1)},${(height - 2 - ((p - min) / span) * (height - 4)).toFixed(1)}`).join(' ');
  const rising = points[points.length - 1]! >= points[0]!;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid="sparkline"
      data-points={points.length}
    >
      <polyline
        points={path}
        fill="none"
        stroke={rising ? 'var(--m-color-up)' : 'var(--m-color-down)'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
