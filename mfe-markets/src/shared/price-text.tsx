import { formatDecimal, formatPercent, useLanguage } from '@meridian/platform';
import styles from './markets.module.css';

/** Digits after the point of a decimal string: "0.0420" → 4. */
function decimalsIn(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** A price as the feed quotes it (every digit of its tick size), in the reader's number format. */
export function PriceText({ value, testId }: { value: string; testId?: string }) {
  const lang = useLanguage();
  const places = decimalsIn(value);
  return (
    <span className={styles.num} data-testid={testId} data-value={value}>
      {formatDecimal(value, lang, { min: places, max: places })}
    </span>
  );
}

/** A signed change in percent, green when up, red when down. */
export function ChangeText({ value, testId }: { value: string; testId?: string }) {
  const lang = useLanguage();
  const direction = value.startsWith('-') ? styles.down : /^0(\.0+)?$/.test(value) ? '' : styles.up;
  return (
    <span className={`${styles.num} ${direction}`} data-testid={testId}>
      {formatPercent(value, lang)}
    </span>
  );
}
