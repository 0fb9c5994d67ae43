import { money, moneyString } from '@meridian/contracts';
import { formatDecimal, useLanguage } from '@meridian/platform';
import type { LanguageCode } from '@meridian/contracts';
import styles from './markets.module.css';

/** An amount of the trading currency: at least 2 places, every place it has up to 8 (exact, from the string). */
export function formatAmount(value: string, lang: LanguageCode, signed = false): string {
  const text = formatDecimal(value, lang, { min: 2, max: 8 });
  return signed && money(value).gt(0) ? `+${text}` : text;
}

/** A price at the places of the instrument's tick (a display figure; the wire keeps every digit). */
export function formatPrice(value: string, lang: LanguageCode, tickSize: string): string {
  const dot = tickSize.indexOf('.');
  const places = dot === -1 ? 0 : tickSize.length - dot - 1;
  return formatDecimal(value, lang, { min: places, max: places });
}

/** An amount; `signed` shows + for a profit and colours it green (profit) or red (loss). */
export function MoneyText({ value, signed = false, testId }: { value: string; signed?: boolean; testId?: string }) {
  const lang = useLanguage();
  const sign = signed ? money(value).comparedTo(0) : 0;
  const tone = sign > 0 ? styles.up : sign < 0 ? styles.down : '';
  return (
    <span className={`${styles.num} ${tone}`} data-testid={testId} data-value={value}>
      {formatAmount(value, lang, signed)}
    </span>
  );
}

/**
 * A price from an order: at the tick's places when the instrument's tick size is known, else every
 * significant digit (at least 2 places).
 */
export function PriceValue({ value, tickSize, testId }: { value: string; tickSize?: string | undefined; testId?: string }) {
  const lang = useLanguage();
  const text = tickSize ? formatPrice(value, lang, tickSize) : formatDecimal(moneyString(value), lang, { min: 2, max: 18 });
  return (
    <span className={styles.num} data-testid={testId} data-value={value}>
      {text}
    </span>
  );
}
