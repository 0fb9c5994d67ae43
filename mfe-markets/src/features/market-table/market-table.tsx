import { useLiveMarkets, useLiveStatus, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { EmptyState, LoadingState, Sparkline } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { InstrumentLink } from '../../shared/instrument-link.tsx';
import { ChangeText, PriceText } from '../../shared/price-text.tsx';
import styles from './market-table.module.css';

const HOME_TOPICS = ['home'];

/** The home page list: the platform's headline instruments, live, with their last 100 prices. */
export function MarketTableView({ platform }: { platform: Pick<Platform, 'live'> }) {
  const { t } = useT(NAMESPACE);
  const markets = useLiveMarkets(platform.live, HOME_TOPICS);
  const { connection } = useLiveStatus(platform.live);
  // The home topic's instruments are the ones the server sends with their series.
  const rows = [...markets.values()].filter((item) => item.hundred.length > 0);

  if (rows.length === 0) {
    return connection === 'closed' ? <EmptyState title={t('table.offline')} /> : <LoadingState label={t('table.loading')} />;
  }
  return (
    <div className={styles.wrap}>
      <table className={styles.table} data-testid="market-table">
        <thead>
          <tr>
            <th scope="col">{t('table.instrument')}</th>
            <th scope="col" className={styles.chartCol}>
              {t('table.trend')}
            </th>
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
            return (
              <tr key={item.id} data-code={item.code} className={styles.row}>
                <td>
                  <InstrumentLink item={item} />
                </td>
                <td className={styles.chartCol}>
                  <Sparkline values={item.hundred} label={t('table.trendOf', { code: item.code })} />
                </td>
                <td className={styles.num}>
                  <PriceText value={item.nowPrice} testId="price" />
                </td>
                <td className={styles.num}>
                  <ChangeText value={item.zdf} testId="change" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
