import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NftView } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { AuctionCountdown } from './countdown.tsx';
import { CHAIN_NAMES, useFormat } from './format.ts';
import { NftStateBadge } from './state-badge.tsx';
import styles from './nfts.module.css';

/** The price a card shows: the sale price once sold, else the current bid, else the reserve. */
function shownPrice(nft: NftView): { key: 'soldFor' | 'currentBid' | 'reserve'; value: string } {
  if (nft.state === 'sold' && nft.soldPrice !== null) return { key: 'soldFor', value: nft.soldPrice };
  if (nft.currentBid !== null) return { key: 'currentBid', value: nft.currentBid };
  return { key: 'reserve', value: nft.reservePrice };
}

/**
 * One NFT in a grid: its artwork, name (the link to its page), creator and chain, charity, the price that
 * counts now, the time left (or when it ended), its state and, once sold, what it gave its charity.
 */
export function NftCard({ nft, skewMs, children }: { nft: NftView; skewMs: number; children?: ReactNode }) {
  const { t } = useT(NAMESPACE);
  const fmt = useFormat(nft.currency);
  const price = shownPrice(nft);
  const titleId = `nft-card-title-${nft.id}`;
  return (
    <li className={styles.card} data-testid="nft-card" data-nft={nft.id} data-state={nft.state} aria-labelledby={titleId}>
      <img className={styles.cardArt} src={nft.image} alt={nft.name} width={320} height={320} loading="lazy" decoding="async" />
      <div className={styles.cardBody}>
        <div className={styles.head}>
          <h3 id={titleId} className={styles.cardTitle}>
            <Link to={`/nfts/${nft.id}`} className={styles.cardLink} data-testid="nft-card-link">
              {nft.name}
            </Link>
          </h3>
          <NftStateBadge state={nft.state} />
        </div>
        <p className={styles.byline}>{t('card.byline', { creator: nft.creator, chain: CHAIN_NAMES[nft.chain] })}</p>
        <p className={styles.charityLine}>{t('card.charity', { name: nft.charity.name })}</p>
        <dl className={styles.terms}>
          <dt>{t(`card.${price.key}`)}</dt>
          <dd data-testid="nft-card-price" data-value={price.value}>
            {fmt.money(price.value)}
          </dd>
          {nft.state === 'live' ? (
            <>
              <dt>{t('card.endsIn')}</dt>
              <dd>
                <AuctionCountdown endsAt={nft.endsAt} state={nft.state} skewMs={skewMs} />
              </dd>
            </>
          ) : (
            <>
              <dt>{t('card.ended')}</dt>
              <dd>{fmt.dateTime(nft.closedAt ?? nft.endsAt)}</dd>
            </>
          )}
          {nft.state === 'sold' ? (
            <>
              <dt>{t('card.donated')}</dt>
              <dd data-testid="nft-donated" data-value={nft.donated} className={styles.donated}>
                {fmt.money(nft.donated)}
              </dd>
            </>
          ) : null}
        </dl>
        {children}
      </div>
    </li>
  );
}

/** A grid of NFT cards. */
export function NftGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ul className={styles.grid} data-testid={testId}>
      {children}
    </ul>
  );
}
