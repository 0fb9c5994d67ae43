import { localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import type { TFunction } from '@meridian/platform';

/**
 * The last day of a loan's term as the API counts it: the UTC day that ends at `end` (a UTC midnight), named
 * in UTC whatever the reader's time zone, so nobody reads a day that ended hours before (or after) theirs.
 */
export function utcLastDay(end: string | Date, lang: LanguageCode, t: TFunction): string {
  const last = new Date(new Date(end).getTime() - 1);
  const date = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(last);
  return t('detail.utcDay', { date });
}
