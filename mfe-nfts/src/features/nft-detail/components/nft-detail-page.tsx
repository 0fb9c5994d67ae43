import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { NFT_EXTENSION_MS, NFT_SNIPING_WINDOW_MS, wholeNumber } from '@meridian/contracts';
import type { NftDetail } from '@meridian/contracts';
import { ApiError, useIsLoggedIn, useT, useUser } from '@meridian/platform';
import { pageLayout, surfaceClasses } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { clockSkew } from '@meridian/ui/clock';
import { AuctionCountdown } from '../../../shared/countdown.tsx';
import { CHAIN_NAMES, useFormat } from '../../../shared/format.ts';
import { NftGate } from '../../../shared/gate.tsx';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { NftStateBadge } from '../../../shared/state-badge.tsx';
import styles from '../../../shared/nfts.module.css';
import { useLiveNft } from '../hooks/use-live-nft.ts';
import { BidForm } from './bid-form.tsx';
import { BidHistory } from './bid-history.tsx';
import { BuyNow } from './buy-now.tsx';
import { MyStatusNote } from './my-status-note.tsx';

const minutes = (ms: number) => Math.round(ms / 60_000);

function Figure({ label, children, testId, big = false }: { label: string; children: ReactNode; testId?: string; big?: boolean }) {
  return (
    <div className={`${styles.figure} ${big ? styles.bigFigure : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Detail({ data: { nft, bids, charity, now }, receivedAt }: { data: NftDetail; receivedAt: number }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const userId = useUser()?.id ?? null;
  const mine = useQuery({ ...nftQueries.myBid(api, userId, nft.id), enabled: loggedIn && userId !== null });
  const fmt = useFormat(nft.currency);
  const live = nft.state === 'live';
  // A late bid moves the end later (anti-sniping); a purchase ends it earlier, which is no extension.
  const extended = Date.parse(nft.endsAt) > Date.parse(nft.listedEndsAt);
  const skew = clockSkew(now, receivedAt);
  const myBidder = mine.data?.bidder ?? null;
  const bidderName = (n: number) => (n === myBidder ? t('detail.bidderYou', { n }) : t('detail.bidder', { n }));
  return (
    <>
      <div className={styles.detail}>
        <img className={styles.art} src={nft.image} alt={nft.name} width={560} height={560} data-testid="nft-art" />
        <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="nft-title">
          <div className={styles.head}>
            <h1 id="nft-title" className={pageLayout.title}>
              {nft.name}
            </h1>
            <NftStateBadge state={nft.state} />
          </div>
          <p className={styles.byline}>{t('card.byline', { creator: nft.creator, chain: CHAIN_NAMES[nft.chain] })}</p>
          <p className={styles.charityLine}>
            {t('detail.for')}{' '}
            <Link to={`/nfts/charities/${charity.id}`} className={styles.link} data-testid="nft-charity-link">
              {charity.name}
            </Link>
          </p>
          <dl className={styles.figures}>
            {nft.state === 'sold' && nft.soldPrice !== null ? (
              <Figure label={t('detail.soldFor')} testId="nft-current-bid" big>
                {fmt.money(nft.soldPrice)}
              </Figure>
            ) : (
              <Figure label={nft.currentBid === null ? t('detail.noBidsYet') : t('detail.currentBid')} testId="nft-current-bid" big>
                <span data-value={nft.currentBid ?? ''}>{fmt.money(nft.currentBid ?? nft.reservePrice)}</span>
              </Figure>
            )}
            {live ? (
              <Figure label={t('detail.timeLeft')} big>
                <AuctionCountdown endsAt={nft.endsAt} state={nft.state} skewMs={skew} />
              </Figure>
            ) : null}
            <Figure label={nft.state === 'sold' ? t('detail.owner') : t('detail.leader')} testId="nft-leader">
              {nft.state === 'sold' && nft.owner !== null
                ? bidderName(nft.owner)
                : nft.leader !== null
                  ? bidderName(nft.leader)
                  : t('detail.nobody')}
            </Figure>
            <Figure label={t('detail.bids')} testId="nft-bid-count">
              {nft.bidCount}
            </Figure>
            <Figure label={t('detail.reserve')} testId="nft-reserve">
              {fmt.money(nft.reservePrice)}
            </Figure>
            {live ? (
              <Figure label={t('detail.minimumBid')} testId="nft-minimum">
                {fmt.money(nft.minimumBid)}
              </Figure>
            ) : null}
            <Figure label={t('detail.increment')}>{fmt.money(nft.minIncrement)}</Figure>
            {nft.buyNowPrice !== null ? (
              <Figure label={t('detail.buyNowPrice')} testId="nft-buy-now-price">
                {fmt.money(nft.buyNowPrice)}
                {nft.buyNowOpen ? null : <span className={pageLayout.muted}> · {t('detail.buyNowClosed')}</span>}
              </Figure>
            ) : null}
            <Figure label={live ? t('detail.endsAt') : t('detail.endedAt')} testId="nft-ends-at">
              <time dateTime={nft.closedAt ?? nft.endsAt}>{fmt.dateTime(nft.closedAt ?? nft.endsAt)}</time>
            </Figure>
            {nft.state === 'sold' && nft.soldBy !== null ? (
              <Figure label={t('detail.soldBy')}>{t(`detail.soldBys.${nft.soldBy}`)}</Figure>
            ) : null}
          </dl>
          {extended ? (
            <p className={styles.notice} role="status" data-testid="nft-extended">
              {t('detail.extended', { listed: fmt.dateTime(nft.listedEndsAt), ends: fmt.dateTime(nft.endsAt) })}
            </p>
          ) : null}
          <p className={pageLayout.muted} data-testid="nft-anti-sniping">
            {t('detail.antiSniping', { window: minutes(NFT_SNIPING_WINDOW_MS), extension: minutes(NFT_EXTENSION_MS) })}
          </p>
          <p className={styles.good} data-testid="nft-donated" data-value={nft.donated}>
            {nft.state === 'sold'
              ? t('detail.donated', { amount: fmt.money(nft.donated), charity: charity.name })
              : nft.state === 'live'
                ? t('detail.willDonate', { charity: charity.name })
                : t('detail.notSold')}
          </p>
          {loggedIn ? <MyStatusNote nft={nft} mine={mine.data} /> : null}
          {live ? (
            <NftGate>
              <div className={pageLayout.card}>
                <h2 className={pageLayout.cardTitle}>{t('bid.title')}</h2>
                <BidForm nft={nft} />
                {nft.buyNowOpen && nft.buyNowPrice !== null ? (
                  <div className={styles.actions}>
                    <p className={pageLayout.muted}>{t('buy.or', { charity: charity.name })}</p>
                    <BuyNow nft={nft} price={nft.buyNowPrice} />
                  </div>
                ) : null}
              </div>
            </NftGate>
          ) : null}
        </section>
      </div>
      {nft.description ? (
        <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="nft-about-title">
          <h2 id="nft-about-title" className={pageLayout.cardTitle}>
            {t('detail.about')}
          </h2>
          <p className={styles.description} data-testid="nft-description">
            {nft.description}
          </p>
        </section>
      ) : null}
      <BidHistory nft={nft} bids={bids} myBidder={myBidder} />
      <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="nft-charity-title" data-testid="nft-charity">
        <h2 id="nft-charity-title" className={pageLayout.cardTitle}>
          {t('detail.charityTitle', { name: charity.name })}
        </h2>
        {charity.description ? <p className={styles.description}>{charity.description}</p> : null}
        <p>
          {t('charities.raised')}: <strong>{fmt.money(charity.raised)}</strong>
        </p>
        <p className={styles.actions}>
          <Link to={`/nfts/charities/${charity.id}`} className={styles.link}>
            {t('charities.open', { name: charity.name })}
          </Link>
          <a href={charity.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('charities.website')}
          </a>
        </p>
      </section>
    </>
  );
}

/** `/nfts/:id`: one NFT and its auction, followed live while shown. */
export function NftDetailPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const id = wholeNumber(useParams().id ?? '');
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const detail = useQuery({ ...nftQueries.detail(api, id), enabled: valid });
  useLiveNft(id, valid);
  return (
    <div className={pageLayout.page} data-testid="nft-detail">
      <Link to="/nfts" className={styles.link} data-testid="nft-back">
        {t('detail.back')}
      </Link>
      {valid ? (
        <QueryView query={detail} isMissing={(error) => error instanceof ApiError && error.status === 404} notFound={t('detail.notFound')}>
          {(data) => <Detail data={data} receivedAt={detail.dataUpdatedAt} />}
        </QueryView>
      ) : (
        <p data-testid="nft-missing">{t('detail.notFound')}</p>
      )}
    </div>
  );
}
