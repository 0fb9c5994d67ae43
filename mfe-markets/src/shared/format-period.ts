import type { TFunction } from '@meridian/platform';

/** An options period in words (markets namespace): 30 s, 5 min, 1 h. */
export function formatPeriod(seconds: number, t: TFunction): string {
  if (seconds % 3600 === 0) return t('trade.options.periodHours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('trade.options.periodMinutes', { count: seconds / 60 });
  return t('trade.options.periodSeconds', { count: seconds });
}
