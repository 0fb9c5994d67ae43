import type { MyNftBid, NftView } from '@meridian/contracts';

/** The caller's place in an auction, as the page says it. */
type MyNftStatus = 'none' | 'leading' | 'outbid' | 'owner' | 'lost';

/**
 * The caller's place, from their last read (`getMyNftBid`) and the NFT as it stands now (live frames): a
 * frame that shows another leader while the read said "you lead" is an outbid at once, before the
 * platform's `userNfts` event reads the caller's place again; a read that says "not leading" with a bid
 * of theirs is an outbid too.
 */
export function myStatus(nft: NftView, mine: MyNftBid | null | undefined): MyNftStatus {
  if (!mine) return 'none';
  if (mine.owner || (nft.state === 'sold' && mine.bidder !== null && nft.owner === mine.bidder)) return 'owner';
  if (mine.highest === null) return 'none';
  if (nft.state !== 'live') return 'lost';
  return mine.leading && nft.leader === mine.bidder ? 'leading' : 'outbid';
}
