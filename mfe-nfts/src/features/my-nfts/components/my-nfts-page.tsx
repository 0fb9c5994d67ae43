import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MY_NFT_TABS, NFT_PAGE_SIZE } from '@meridian/contracts';
import type { MyNftBid, MyNftTab, NftView } from '@meridian/contracts';
import { useIsLoggedIn, useT, useUser } from '@meridian/platform';
import { pageLayout, surfaceClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { clockSkew } from '@meridian/ui/clock';
import { useFormat } from '../../../shared/format.ts';
import { SignInPrompt } from '../../../shared/gate.tsx';
import { NftCard, NftGrid } from '../../../shared/nft-card.tsx';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { NftsNav } from '../../../shared/nfts-nav.tsx';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { myStatus } from '../../../shared/my-status.ts';
import styles from '../../../shared/nfts.module.css';

/** The caller's place under an NFT of theirs: their highest bid and whether it leads, won or lost. */
function MyPlace({ nft, mine }: { nft: NftView; mine: MyNftBid }) {
  const { t } = useT(NAMESPACE);
  const fmt = useFormat(nft.currency);
  const state = myStatus(nft, mine);
  return (
    <div className={styles.mine} data-testid="my-nft-place" data-place={state}>
      {mine.highest !== null ? (
        <p>
          {t('my.highest')}: <strong data-testid="my-nft-highest">{fmt.money(mine.highest)}</strong>
        </p>
      ) : null}
      <p className={state === 'outbid' ? styles.alert : state === 'lost' ? undefined : styles.good}>{t(`my.places.${state}`)}</p>
    </div>
  );
}

/** `/nfts/mine`: the caller's auctions by tab (bidding, owned, lost), each with their place in it; read again live (`userNfts`). */
export function MyNftsPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const userId = useUser()?.id ?? null;
  const [tab, setTab] = useState<MyNftTab>('bidding');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...nftQueries.myList(api, userId, tab, page), enabled: loggedIn && userId !== null });
  const skew = list.data ? clockSkew(list.data.now, list.dataUpdatedAt) : 0;
  return (
    <div className={pageLayout.page} data-testid="my-nfts">
      <header className={pageLayout.card}>
        <h1 className={pageLayout.title}>{t('my.title')}</h1>
        <p className={pageLayout.lead}>{t('my.lead')}</p>
        <NftsNav />
      </header>
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-label={t('my.title')}>
        {!loggedIn ? (
          <SignInPrompt text={t('my.login')} />
        ) : (
          <Tabs<MyNftTab>
            items={MY_NFT_TABS.map((key) => ({ key, label: t(`my.tabs.${key}`), testId: `my-nfts-tab-${key}` }))}
            value={tab}
            onChange={(key) => {
              setTab(key);
              setPage(1);
            }}
            label={t('my.tabsLabel')}
            testId="my-nfts-tabs"
          >
            <QueryView query={list} isEmpty={(data) => data.items.length === 0} empty={t(`my.empty.${tab}`)}>
              {({ items, total }) => (
                <div className={pageLayout.card} aria-busy={list.isPlaceholderData || undefined}>
                  <NftGrid testId="my-nfts-grid">
                    {items.map(({ nft, mine }) => (
                      <NftCard key={nft.id} nft={nft} skewMs={skew}>
                        <MyPlace nft={nft} mine={mine} />
                      </NftCard>
                    ))}
                  </NftGrid>
                  <Pager page={page} pageSize={NFT_PAGE_SIZE} total={total} onPage={setPage} testId="my-nfts-pager" />
                </div>
              )}
            </QueryView>
          </Tabs>
        )}
      </section>
    </div>
  );
}
