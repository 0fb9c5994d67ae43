import { useQuery } from '@tanstack/react-query';
import type { HomeStatistics as Figures } from '@meridian/contracts';
import { formatDecimal, localeOf, useLanguage, useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import styles from './home-page.module.css';

const HOME_STATISTICS_KEY = ['home', 'statistics'] as const;

export function useHomeStatistics(api: ApiClient) {
  return useQuery({
    queryKey: HOME_STATISTICS_KEY,
    // The validator loads with the first figures, not before the page's first paint.
    queryFn: async ({ signal }) => {
      const { marketEndpoints: market } = await import('@meridian/contracts/endpoints/market');
      return api.call(market.getHomeStatistics, { signal });
    },
    refetchInterval: 60_000,
  });
}

/** The home page figures, every one computed by the API from the platform's data (SPEC §0 rule 2). */
export function HomeStatistics({ figures }: { figures: Figures | undefined }) {
  const { t } = useT('shell');
  const lang = useLanguage();
  const compact = (value: string, currency?: boolean) =>
    new Intl.NumberFormat(localeOf(lang), {
      notation: 'compact',
      maximumFractionDigits: 1,
      ...(currency ? { style: 'currency', currency: 'USD' } : {}),
    }).format(value as unknown as number);
  const items: [string, string, string][] = figures
    ? [
        ['crypto', formatDecimal(String(figures.listedCrypto), lang), t('home.stats.crypto')],
        ['users', formatDecimal(String(figures.registeredUsers), lang), t('home.stats.users')],
        ['volume', compact(figures.volume24h, true), figures.simulated ? t('home.stats.volumeSimulated') : t('home.stats.volume')],
        ['fee', `${formatDecimal(figures.tradingFeePercent, lang)}%`, t('home.stats.fee')],
      ]
    : [];
  return (
    <dl className={styles.stats} data-testid="home-stats" aria-busy={!figures}>
      {figures
        ? items.map(([key, value, label]) => (
            <div key={key} className={styles.stat} data-stat={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))
        : [0, 1, 2, 3].map((i) => (
            // The same lines as a figure (blank), so the page below does not move when the figures come.
            <div key={i} className={`${styles.stat} ${styles.statLoading}`} aria-hidden="true">
              <dt>{'\u00a0'}</dt>
              <dd>{'\u00a0'}</dd>
            </div>
          ))}
    </dl>
  );
}
