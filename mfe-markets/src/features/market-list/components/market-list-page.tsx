import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MARKET_PAGE_SIZE_MAX, MARKET_TYPE_ORDER, wholeNumber } from '@meridian/contracts';
import type { MarketItem, MarketSort } from '@meridian/contracts';
import { useLiveMarkets, useT } from '@meridian/platform';
import { useDebouncedValue } from '@meridian/platform/data';
import { EmptyState, ErrorState, LoadingState, SimulatedBadge } from '@meridian/ui';
import { Tabs } from '@meridian/ui/tabs';
// Not part of the shared @meridian/ui module: the virtualizer loads only with the pages that list.
import { VirtualList } from '@meridian/ui/virtual-list';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { InstrumentLink } from '../../../shared/instrument-link.tsx';
import pageStyles from '../../../shared/page.module.css';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { ChangeText, PriceText } from '../../../shared/price-text.tsx';
import { WatchStar } from '../../../shared/watch-star.tsx';
import { useWatchlist } from '../../../shared/watchlist.ts';
import { listMarkets } from '../api/list-markets.ts';
import styles from './market-list.module.css';
import { marketKeys } from '../../../shared/trading-keys.ts';

type Tab = number | 'watchlist';
const SORTS: MarketSort[] = ['rank', 'change', 'price', 'name'];
const ROW_HEIGHT = 60;

function readTab(): Tab {
  const value = new URLSearchParams(window.location.search).get('type');
  if (value === 'watchlist') return 'watchlist';
  const type = wholeNumber(value);
  return MARKET_TYPE_ORDER.includes(type as never) ? type : MARKET_TYPE_ORDER[0]!;
}

/** `/market`: the listing by type with search and sort, and the signed-in user's watchlist. */
export function MarketListPage() {
  const { t } = useT(NAMESPACE);
  const { api, live } = usePlatform();
  const [tab, setTab] = useState<Tab>(readTab);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MarketSort>('rank');
  const [order, setOrder] = useState<'asc' | 'desc' | undefined>(undefined);
  const watchlist = useWatchlist();
  const term = useDeferredValue(search.trim());

  const typeTab = tab === 'watchlist' ? undefined : tab;
  const listing = useQuery({
    queryKey: marketKeys.list(typeTab ?? 'all', term, sort, order),
    queryFn: ({ signal }) =>
      listMarkets(
        api,
        {
          ...(typeTab ? { type: typeTab } : {}),
          ...(term ? { search: term } : {}),
          sort,
          ...(order ? { order } : {}),
          pageSize: MARKET_PAGE_SIZE_MAX,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: tab !== 'watchlist',
  });

  // Live prices for the rows on screen only (and those just around them): a 470-row tab does not
  // make the page receive 470 changes a second. The set follows scrolling, settled for a moment.
  const [shown, setShown] = useState<[number, number]>([0, -1]);
  // Scrolling settles before the subscription follows.
  const settledShown = useDebouncedValue(shown, 250);
  const onRangeChange = useCallback((first: number, last: number) => setShown([first, last]), []);
  const topics = useMemo(
    () =>
      tab === 'watchlist'
        ? watchlist.ids.map((id) => `id:${id}`)
        : (listing.data?.items ?? []).slice(settledShown[0], settledShown[1] + 1).map((item) => `id:${item.id}`),
    [tab, watchlist.ids, listing.data, settledShown],
  );
  const live_ = useLiveMarkets(live, topics);

  // The watchlist's rows come from the live connection (a full picture of the watched ids).
  const watchedRows = useMemo(() => {
    if (tab !== 'watchlist') return [];
    const needle = term.toLowerCase();
    return watchlist.ids
      .map((id) => live_.get(id))
      .filter((item): item is MarketItem => item !== undefined)
      .filter((item) => !needle || item.code.toLowerCase().includes(needle) || item.name.toLowerCase().includes(needle));
  }, [tab, watchlist.ids, live_, term]);
  const rows: MarketItem[] = tab === 'watchlist' ? watchedRows : (listing.data?.items ?? []);
  const watchlistPending = tab === 'watchlist' && (!watchlist.ready || watchlist.ids.some((id) => !live_.has(id)));

  const choose = (next: Tab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('type', String(next));
    window.history.replaceState(window.history.state, '', url);
  };

  const tabs: Tab[] = [...MARKET_TYPE_ORDER, ...(watchlist.loggedIn ? (['watchlist'] as const) : [])];
  const sortLabel = (s: MarketSort) => t(`list.sort.${s}`);

  let body;
  if (tab === 'watchlist' ? watchlistPending && rows.length === 0 : listing.isPending) body = <LoadingState label={t('list.loading')} />;
  else if (tab !== 'watchlist' && listing.isError) body = <ErrorState title={t('list.failed')} onRetry={() => void listing.refetch()} />;
  else if (rows.length === 0)
    body = <EmptyState title={tab === 'watchlist' && !term ? t('list.watchlistEmpty') : t('list.nothingFound')} />;
  else
    body = (
      <VirtualList
        // A new listing starts at its top.
        key={`${tab}|${sort}|${order ?? ''}|${term}`}
        items={rows}
        rowHeight={ROW_HEIGHT}
        height="min(70vh, 42rem)"
        getKey={(item) => item.id}
        onRangeChange={onRangeChange}
        label={t(`types.${tab}`)}
        testId="market-list"
        header={
          <div className={styles.head} role="row">
            <span role="columnheader" className={styles.instrument}>
              {t('table.instrument')}
            </span>
            <span role="columnheader" className={styles.num}>
              {t('table.price')}
            </span>
            <span role="columnheader" className={styles.num}>
              {t('table.change')}
            </span>
          </div>
        }
        renderRow={(row) => {
          const item = live_.get(row.id) ?? row;
          return (
            <div className={styles.row} data-code={item.code}>
              <WatchStar id={item.id} code={item.code} />
              <InstrumentLink item={item} role="cell" className={styles.instrument} />
              <span role="cell" className={styles.num}>
                <PriceText value={item.nowPrice} testId="price" />
              </span>
              <span role="cell" className={styles.num}>
                <ChangeText value={item.zdf} testId="change" />
              </span>
            </div>
          );
        }}
      />
    );

  return (
    <div className={pageStyles.page} data-testid="market-page">
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t('pages.market')}</h1>
        <SimulatedBadge live={live} />
      </header>
      <div className={styles.tabs}>
        <Tabs
          label={t('list.types')}
          items={tabs.map((value) => ({ key: String(value), label: t(`types.${value}`), testId: `tab-${value}` }))}
          value={String(tab)}
          onChange={(key) => choose(key === 'watchlist' ? 'watchlist' : wholeNumber(key))}
        />
      </div>
      <div className={styles.tools}>
        <label className={styles.search}>
          <span className={styles.visuallyHidden}>{t('list.search')}</span>
          <input
            type="search"
            value={search}
            maxLength={40}
            placeholder={t('list.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="market-search"
          />
        </label>
        <label className={styles.sort}>
          <span>{t('list.sortBy')}</span>
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as MarketSort);
              setOrder(undefined);
            }}
            data-testid="market-sort"
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.order}
          onClick={() => setOrder((o) => ((o ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 'desc' : 'asc'))}
          aria-label={t('list.toggleOrder')}
          data-testid="market-order"
        >
          {(order ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc')) === 'asc' ? '↑' : '↓'}
        </button>
        {tab === 'watchlist' || listing.data ? (
          <span className={styles.count} data-testid="market-count">
            {t('list.count', { count: rows.length })}
          </span>
        ) : null}
      </div>
      {body}
    </div>
  );
}
