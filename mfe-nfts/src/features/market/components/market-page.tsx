import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NFT_FILTERS, NFT_PAGE_SIZE, NFT_SORTS, wholeNumber } from '@meridian/contracts';
import type { NftFilter, NftSort } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { formClasses, pageLayout, surfaceClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { clockSkew } from '@meridian/ui/clock';
import { useFormat } from '../../../shared/format.ts';
import { NftCard, NftGrid } from '../../../shared/nft-card.tsx';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { NftsNav } from '../../../shared/nfts-nav.tsx';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from '../../../shared/nfts.module.css';
import { useMarketFilters } from '../hooks/use-market-filters.ts';

/** The total every sale gave the charities (from the ledger), as the market's first word. */
function DonatedTotal({ total, currency }: { total: string; currency: string }) {
  const { t } = useT(NAMESPACE);
  const fmt = useFormat(currency);
  return (
    <div className={styles.donatedTotal} data-testid="nfts-donated-total" data-value={total}>
      <p className={styles.donatedFigure}>{fmt.money(total)}</p>
      <p>{t('market.donatedTotal')}</p>
    </div>
  );
}

/** A labelled select of the market's filters. */
function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formClasses.select}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as V)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * `/nfts`: the total raised for the charities, the filters (status, order, charity; kept in the address),
 * one page of NFT cards with the time left on the auctions' clock, and the pager.
 */
export function MarketPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const [filters, change] = useMarketFilters();
  const market = useQuery(nftQueries.market(api, filters));
  const charities = useQuery(nftQueries.charities(api));
  const skew = market.data ? clockSkew(market.data.now, market.dataUpdatedAt) : 0;
  const charityOptions = [
    { value: '', label: t('market.allCharities') },
    ...(charities.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <div className={pageLayout.page} data-testid="nfts-market">
      <header className={pageLayout.card}>
        <h1 className={pageLayout.title}>{t('pages.nfts')}</h1>
        <p className={pageLayout.lead}>{t('lead')}</p>
        <NftsNav />
      </header>
      {market.data ? <DonatedTotal total={market.data.donatedTotal} currency={market.data.currency} /> : null}
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="nfts-market-title">
        <h2 id="nfts-market-title" className={pageLayout.cardTitle}>
          {t('market.title')}
        </h2>
        <div className={styles.filters} role="group" aria-label={t('market.filters')}>
          <FilterSelect<NftFilter>
            label={t('market.status')}
            value={filters.status}
            options={NFT_FILTERS.map((value) => ({ value, label: t(`market.statuses.${value}`) }))}
            onChange={(status) => change({ status })}
            testId="nfts-filter-status"
          />
          <FilterSelect<NftSort>
            label={t('market.sort')}
            value={filters.sort}
            options={NFT_SORTS.map((value) => ({ value, label: t(`market.sorts.${value}`) }))}
            onChange={(sort) => change({ sort })}
            testId="nfts-filter-sort"
          />
          <FilterSelect<string>
            label={t('market.charity')}
            value={filters.charityId === undefined ? '' : String(filters.charityId)}
            options={charityOptions}
            onChange={(value) => {
              const id = wholeNumber(value);
              change({ charityId: Number.isSafeInteger(id) && id > 0 ? id : undefined });
            }}
            testId="nfts-filter-charity"
          />
        </div>
        <QueryView query={market} isEmpty={(data) => data.items.length === 0} empty={t('market.empty')}>
          {({ items, total, page }) => (
            <div aria-busy={market.isPlaceholderData || undefined} className={pageLayout.card}>
              <p className={pageLayout.muted} aria-live="polite" data-testid="nfts-count">
                {t('market.count', { count: total })}
              </p>
              <NftGrid testId="nfts-grid">
                {items.map((nft) => (
                  <NftCard key={nft.id} nft={nft} skewMs={skew} />
                ))}
              </NftGrid>
              <Pager page={page} pageSize={NFT_PAGE_SIZE} total={total} onPage={(next) => change({ page: next })} testId="nfts-pager" />
            </div>
          )}
        </QueryView>
      </section>
    </div>
  );
}
