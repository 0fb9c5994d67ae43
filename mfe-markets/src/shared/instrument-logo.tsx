import type { MarketItem } from '@meridian/contracts';
import styles from './markets.module.css';

/** The instrument's icon (a long-cached static file), or its initials when it has none. */
export function InstrumentLogo({ item, size = 32 }: { item: Pick<MarketItem, 'logo' | 'code'>; size?: number }) {
  if (item.logo) return <img className={styles.logo} src={item.logo} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  const initials = item.code.replace(/[^A-Z0-9]/gi, '').slice(0, 3);
  return (
    <span className={styles.monogram} style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
