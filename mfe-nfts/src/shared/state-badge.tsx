import type { NftState } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './nfts.module.css';

const TONE: Record<NftState, string | undefined> = { live: styles.live, sold: styles.sold, unsold: styles.unsold };

/** An NFT's state as a badge: live auction, sold, ended unsold. */
export function NftStateBadge({ state }: { state: NftState }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={`${styles.badge} ${TONE[state] ?? ''}`} data-testid="nft-state" data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}
