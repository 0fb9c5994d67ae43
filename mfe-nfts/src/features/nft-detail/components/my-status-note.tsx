import type { MyNftBid, NftView } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useFormat } from '../../../shared/format.ts';
import styles from '../../../shared/nfts.module.css';
import { myStatus } from '../../../shared/my-status.ts';

/** The signed-in caller's place in this auction: leading, outbid (an alert, at once), owner, or lost. */
export function MyStatusNote({ nft, mine }: { nft: NftView; mine: MyNftBid | undefined }) {
  const { t } = useT(NAMESPACE);
  const fmt = useFormat(nft.currency);
  const status = myStatus(nft, mine);
  const highest = mine?.highest ? fmt.money(mine.highest) : '';
  switch (status) {
    case 'leading':
      return (
        <p className={styles.good} role="status" data-testid="nft-leading">
          {t('mine.leading', { amount: highest })}
        </p>
      );
    case 'outbid':
      return (
        <p className={styles.alert} role="alert" data-testid="nft-outbid">
          {t('mine.outbid', { amount: highest, minimum: fmt.money(nft.minimumBid) })}
        </p>
      );
    case 'owner':
      return (
        <p className={styles.good} role="status" data-testid="nft-owner">
          {t('mine.owner', { charity: nft.charity.name })}
        </p>
      );
    case 'lost':
      return (
        <p className={styles.notice} role="status" data-testid="nft-lost">
          {t('mine.lost', { amount: highest })}
        </p>
      );
    default:
      return null;
  }
}
