import type { MouseEvent } from 'react';
import type { MarketItem } from '@meridian/contracts';
import { InstrumentLogo } from './instrument-logo.tsx';
import { usePlatform } from './platform-context.tsx';
import styles from './instrument-link.module.css';

/** The detail page of an instrument (SPEC §2: `/cruuency?code&type&id`, path spelled as given). */
function instrumentHref(item: Pick<MarketItem, 'code' | 'type' | 'id'>): string {
  const query = new URLSearchParams({ code: item.code, type: String(item.type), id: String(item.id) });
  return `/cruuency?${query.toString()}`;
}

/** Logo, code and name of an instrument, linking to its page through the shared history. */
export function InstrumentLink({ item, className, role }: { item: MarketItem; className?: string; role?: string }) {
  const { navigate } = usePlatform();
  const href = instrumentHref(item);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a className={`${styles.link} ${className ?? ''}`} href={href} onClick={open} role={role}>
      <InstrumentLogo item={item} />
      <span className={styles.name}>
        <span className={styles.code}>{item.code}</span>
        <span className={styles.sub}>{item.name}</span>
      </span>
    </a>
  );
}
