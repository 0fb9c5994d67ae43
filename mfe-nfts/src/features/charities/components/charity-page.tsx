import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { NFT_CURRENCY, NFT_PAGE_SIZE, wholeNumber } from '@meridian/contracts';
import type { CharityView } from '@meridian/contracts';
import { ApiError, useT } from '@meridian/platform';
import { pageLayout, surfaceClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { clockSkew } from '@meridian/ui/clock';
import { useFormat } from '../../../shared/format.ts';
import { NftCard, NftGrid } from '../../../shared/nft-card.tsx';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from '../../../shared/nfts.module.css';

/** The charity's NFTs, every state, ending soonest first (running ones first). */
function CharityNfts({ charity }: { charity: CharityView }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const [page, setPage] = useState(1);
  const list = useQuery(nftQueries.market(api, { status: 'all', sort: 'ending', charityId: charity.id, page }));
  const skew = list.data ? clockSkew(list.data.now, list.dataUpdatedAt) : 0;
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="charity-nfts-title">
      <h2 id="charity-nfts-title" className={pageLayout.cardTitle}>
        {t('charities.itsNfts', { name: charity.name })}
      </h2>
      <QueryView query={list} isEmpty={(data) => data.items.length === 0} empty={t('charities.noNfts')}>
        {({ items, total }) => (
          <div className={pageLayout.card} aria-busy={list.isPlaceholderData || undefined}>
            <NftGrid testId="charity-nfts">
              {items.map((nft) => (
                <NftCard key={nft.id} nft={nft} skewMs={skew} />
              ))}
            </NftGrid>
            <Pager page={page} pageSize={NFT_PAGE_SIZE} total={total} onPage={setPage} testId="charity-nfts-pager" />
          </div>
        )}
      </QueryView>
    </section>
  );
}

/** `/nfts/charities/:id`: one charity, what its NFTs raised, its link, and its NFTs. */
export function CharityPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const id = wholeNumber(useParams().id ?? '');
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const charity = useQuery({ ...nftQueries.charity(api, id), enabled: valid });
  const fmt = useFormat(NFT_CURRENCY);
  return (
    <div className={pageLayout.page} data-testid="charity-page">
      <Link to="/nfts/charities" className={styles.link} data-testid="charity-back">
        {t('charities.back')}
      </Link>
      {valid ? (
        <QueryView
          query={charity}
          isMissing={(error) => error instanceof ApiError && error.status === 404}
          notFound={t('charities.notFound')}
        >
          {(data) => (
            <>
              <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="charity-title">
                <h1 id="charity-title" className={pageLayout.title}>
                  {data.name}
                </h1>
                <p className={styles.description}>{data.description}</p>
                <div className={styles.donatedTotal} data-testid="charity-raised" data-value={data.raised}>
                  <p className={styles.donatedFigure}>{fmt.money(data.raised)}</p>
                  <p>{t('charities.raisedBy', { count: data.nftCount })}</p>
                </div>
                <p>
                  <a href={data.url} target="_blank" rel="noopener noreferrer" className={styles.link} data-testid="charity-website">
                    {t('charities.website')}
                  </a>
                </p>
              </section>
              <CharityNfts charity={data} />
            </>
          )}
        </QueryView>
      ) : (
        <p data-testid="charity-missing">{t('charities.notFound')}</p>
      )}
    </div>
  );
}
