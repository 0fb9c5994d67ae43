import { useEffect, useState } from 'react';
import { useT } from '@meridian/platform';
import type { MarketItem } from '@meridian/contracts';
import { formatDecimal, formatPercent, useLanguage } from '@meridian/platform';
import type { LiveBus } from '@meridian/platform';
import { EmptyState, LoadingState } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './market-table.module.css';

function useMarkets(live: LiveBus): { items: MarketItem[]; received: boolean } {
  const [state, setState] = useState(() => ({ items: [...live.markets$.value.values()], received: live.markets$.value.size > 0 }));
  useEffect(() => {
    const sub = live.markets$.subscribe((map) => setState({ items: [...map.values()], received: map.size > 0 }));
    return () => sub.unsubscribe();
  }, [live]);
  return state;
}

/** Live instruments from the market feed (the simulator by default), as the live bus delivers them. */
export function MarketTableView({ live, limit = 12 }: { live: LiveBus; limit?: number }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { items, received } = useMarkets(live);
  const [connection, setConnection] = useState(live.connection$.value);
  useEffect(() => {
    const sub = live.connection$.subscribe(setConnection);
    return () => sub.unsubscribe();
  }, [live]);

  if (!received) {
    return connection === 'closed' ? <EmptyState title={t('table.offline')} /> : <LoadingState label={t('table.loading')} />;
  }
  const rows = items.slice(0, limit);
  return (
    <div className={styles.wrap}>
      <table className={styles.table} data-testid="market-table">
        <thead>
          <tr>
            <th scope="col">{t('table.instrument')}</th>
            <th scope="col" className={styles.num}>
              {t('table.price')}
            </th>
            <th scope="col" className={styles.num}>
              {t('table.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => {
            const negative = item.zdf.startsWith('-');
            return (
              <tr key={item.code} data-code={item.code}>
                <td>
                  <span className={styles.name}>
                    <span className={styles.code}>{item.code}</span>
                    <span className={styles.sub}>{item.name}</span>
                  </span>
                </td>
                <td className={styles.num}>{formatDecimal(item.nowPrice, lang, { min: 2 })}</td>
                <td className={`${styles.num} ${negative ? styles.down : styles.up}`}>{formatPercent(item.zdf, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
