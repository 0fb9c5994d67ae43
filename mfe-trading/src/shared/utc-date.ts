import { localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';

/** A moment as a date and time in UTC, whatever the reader's time zone (a plan's days are counted in UTC). */
export function utcDateTime(at: string | number | Date, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at));
}
