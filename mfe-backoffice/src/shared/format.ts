import type { LanguageCode } from '@meridian/contracts';
import { formatDateTime, localeOf } from '@meridian/platform';

/** A date-time for a table cell, or the dash when there is none. */
export function dateTimeOrDash(value: string | null | undefined, lang: LanguageCode): string {
  return value ? formatDateTime(value, lang) : '—';
}

/**
 * A duration in the reader's language, to the two largest units: "2 d 5 h", "3 h 12 min", "1 min 30 sec",
 * "45 sec" (Intl unit names, so every language gets its own).
 */
export function formatDuration(seconds: number, lang: LanguageCode): string {
  const locale = localeOf(lang);
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  const total = Math.max(0, Math.floor(seconds));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 86_400), 'day'],
    [Math.floor((total % 86_400) / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  if (first === -1) return unit(0, 'second');
  const shown = parts.slice(first, first + 2).filter(([value]) => value > 0);
  return shown.map(([value, name]) => unit(value, name)).join(' ');
}

/** A share (0.034) as a percentage with one decimal, in the reader's digits. */
export function formatShare(value: number, lang: LanguageCode): string {
  return new Intl.NumberFormat(localeOf(lang), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A whole count in the reader's digits. */
export function formatCount(value: number, lang: LanguageCode): string {
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 }).format(value);
}

/**
 * Left-to-right text (a version, an email, a part's name) isolated for interpolation into a
 * translated sentence, so right-to-left languages keep its characters and its neighbours in order.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
