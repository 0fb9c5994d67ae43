import { CURRENCIES } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { localeOf } from './i18n.ts';

// Building an Intl formatter costs far more than using one, and a ticking list formats every visible
// price each second: each formatter is built once per language and options, then reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `cache` for this language and options, built on first use. */
function cached<F, O>(cache: Map<string, F>, Format: new (locale: string, options: O) => F, lang: LanguageCode, options: O): F {
  const key = `${lang}|${JSON.stringify(options)}`;
  let fmt = cache.get(key);
  if (!fmt) {
    fmt = new Format(localeOf(lang), options);
    cache.set(key, fmt);
  }
  return fmt;
}

const numberFormat = (lang: LanguageCode, options: Intl.NumberFormatOptions) => cached(numberFormats, Intl.NumberFormat, lang, options);
const dateFormat = (lang: LanguageCode, options: Intl.DateTimeFormatOptions) => cached(dateFormats, Intl.DateTimeFormat, lang, options);

/**
 * Formats an exact decimal string for display. Intl's string input keeps every digit, so money is
 * never pushed through a float.
 */
export function formatDecimal(value: string, lang: LanguageCode, digits?: { min?: number; max?: number }): string {
  const fmt = numberFormat(lang, { minimumFractionDigits: digits?.min ?? 0, maximumFractionDigits: digits?.max ?? 8 });
  return fmt.format(value as unknown as number);
}

export function formatMoney(value: string, currency: string, lang: LanguageCode): string {
  const fiat = currency === 'USD';
  const fmt = numberFormat(
    lang,
    fiat
      ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumFractionDigits: 2, maximumFractionDigits: 8 },
  );
  const text = fmt.format(value as unknown as number);
  return fiat ? text : `${text} ${currency}`;
}

/**
 * An amount in its own currency and places (the currency table): every place the amount has, up to
 * the currency's, never rounded — a 0.015 BTC amount reads "0.015 BTC", never "$0.02"; at least two
 * places (fewer only for a currency that has fewer). USD reads with its symbol ("$1,234.50"), the
 * others with their code after the figure. A currency not in the table shows all its places with its code.
 */
export function formatAmount(value: string, currency: string, lang: LanguageCode): string {
  const known = CURRENCIES.find((c) => c.code === currency);
  const max = known?.places ?? 18;
  const min = Math.min(2, known?.displayPlaces ?? 2, max);
  if (currency === 'USD') {
    const fmt = numberFormat(lang, { style: 'currency', currency, minimumFractionDigits: min, maximumFractionDigits: max });
    return fmt.format(value as unknown as number);
  }
  const fmt = numberFormat(lang, { minimumFractionDigits: min, maximumFractionDigits: max });
  return `${fmt.format(value as unknown as number)} ${currency}`;
}

export function formatPercent(value: string, lang: LanguageCode): string {
  const fmt = numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  return `${fmt.format(value as unknown as number)}%`;
}

export function formatDateTime(value: string | number | Date, lang: LanguageCode): string {
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: string | number | Date, lang: LanguageCode): string {
  return dateFormat(lang, { dateStyle: 'medium' }).format(new Date(value));
}
