import type { NftBidView, NftView } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { pageLayout, surfaceClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useFormat } from '../../../shared/format.ts';
import styles from '../../../shared/nfts.module.css';

/** The newest bids, newest first: bidders by their number in this auction only, the caller's own marked "you". */
export function BidHistory({ nft, bids, myBidder }: { nft: NftView; bids: readonly NftBidView[]; myBidder: number | null }) {
  const { t } = useT(NAMESPACE);
  const fmt = useFormat(nft.currency);
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="nft-history-title" data-testid="nft-bid-history">
      <h2 id="nft-history-title" className={pageLayout.cardTitle}>
        {t('history.title')}
      </h2>
      {bids.length === 0 ? (
        <p className={pageLayout.muted} data-testid="nft-no-bids">
          {t('history.empty', { reserve: fmt.money(nft.reservePrice) })}
        </p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="nft-history-title">
          <table className={styles.table}>
            <caption className={pageLayout.muted}>{t('history.caption', { shown: bids.length, count: nft.bidCount })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.bidder')}</th>
                <th scope="col" className={styles.end}>
                  {t('history.amount')}
                </th>
                <th scope="col">{t('history.at')}</th>
              </tr>
            </thead>
            <tbody>
              {bids.map((bid, index) => (
                <tr
                  key={`${bid.at}-${bid.bidder}-${bid.amount}`}
                  className={index === 0 && nft.leader === bid.bidder ? styles.leaderRow : undefined}
                  data-testid="nft-bid-row"
                  data-bidder={bid.bidder}
                >
                  <th scope="row">
                    {t('detail.bidder', { n: bid.bidder })}
                    {myBidder !== null && bid.bidder === myBidder ? (
                      <span className={styles.you} data-testid="nft-bid-you">
                        {t('history.you')}
                      </span>
                    ) : null}
                  </th>
                  <td className={styles.end}>{fmt.money(bid.amount)}</td>
                  <td>
                    <time dateTime={bid.at}>{fmt.dateTime(bid.at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
