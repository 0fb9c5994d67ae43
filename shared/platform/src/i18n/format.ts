import type { LanguageCode } from '@meridian/contracts';
import { localeOf } from './i18n.ts';

/**
 * Formats an exact decimal string for display. Intl's string input keeps every digit, so money is
 * never pushed through a float.
 */
export function formatDecimal(value: string, lang: LanguageCode, digits?: { min?: number; max?: number }): string {
  const fmt = new Intl.NumberFormat(localeOf(lang), {
    minimumFractionDigits: digits?.min ?? 0,
    maximumFractionDigits: digits?.max ?? 8,
  });
  return fmt.format(value as unknown as number);
}

export function formatMoney(value: string, currency: string, lang: LanguageCode): string {
  const fiat = currency === 'USD';
  const fmt = new Intl.NumberFormat(
    localeOf(lang),
    fiat
      ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumFractionDigits: 2, maximumFractionDigits: 8 },
  );
  const text = fmt.format(value as unknown as number);
  return fiat ? text : `${text} ${currency}`;
}

export function formatPercent(value: string, lang: LanguageCode): string {
  const fmt = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  return `${fmt.format(value as unknown as number)}%`;
}

export function formatDateTime(value: string | number | Date, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: string | number | Date, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium' }).format(new Date(value));
}
