import type { TradingSession } from './catalogue/instrument-spec.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const WEEK_MINUTES = 7 * 1440;
/** 1970-01-01 00:00 UTC was a Thursday: minute 4 × 1440 of its week. */
const EPOCH_WEEK_MINUTE = 4 * 1440;

/** Minutes since Sunday 00:00 UTC (arithmetic, no Date: history generation asks this for every bucket). */
function weekMinute(time: number): number {
  const m = (Math.floor(time / MINUTE) + EPOCH_WEEK_MINUTE) % WEEK_MINUTES;
  return m < 0 ? m + WEEK_MINUTES : m;
}

/** Open windows of a week in minutes since Sunday 00:00 UTC, `[from, to)`. */
function windows(session: TradingSession): [number, number][] {
  const at = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute;
  switch (session) {
    case 'always':
      return [[0, 7 * 1440]];
    case 'forex':
      return [[at(0, 22), at(5, 22)]];
    case 'us-equity':
      return [1, 2, 3, 4, 5].map((d) => [at(d, 13, 30), at(d, 20)] as [number, number]);
    case 'futures':
    case 'metals':
      // Sunday 23:00 to Friday 22:00 with a daily pause 22:00 to 23:00.
      return [0, 1, 2, 3, 4].map((d) => [at(d, 23), at(d + 1, 22)] as [number, number]);
  }
}

const WINDOWS: Record<TradingSession, [number, number][]> = {
  always: windows('always'),
  forex: windows('forex'),
  'us-equity': windows('us-equity'),
  futures: windows('futures'),
  metals: windows('metals'),
};

/** Whether an instrument of `session` trades at `time` (UTC; daylight saving is not modelled). */
export function isTradingOpen(session: TradingSession, time: number): boolean {
  const m = weekMinute(time);
  return WINDOWS[session].some(([from, to]) => m >= from && m < to);
}

/** When the session next opens or closes after `time` (epoch ms), or null when it always trades. */
export function nextSessionChange(session: TradingSession, time: number): number | null {
  if (session === 'always') return null;
  const open = isTradingOpen(session, time);
  // Walk minute boundaries of the coming week: cheap (at most 10,080 steps) and obviously right.
  const start = Math.floor(time / MINUTE) * MINUTE + MINUTE;
  for (let t = start; t < time + 7 * DAY + MINUTE; t += MINUTE) {
    if (isTradingOpen(session, t) !== open) return t;
  }
  return null;
}
