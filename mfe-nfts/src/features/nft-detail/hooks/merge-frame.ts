import { NFT_BIDS_SHOWN } from '@meridian/contracts';
import type { NftAuctionFrame, NftBidView, NftDetail, NftView } from '@meridian/contracts';

/**
 * Whether `incoming` is a newer picture of the NFT shown: the same NFT with more bids, or an auction that
 * has ended (a close or a purchase) while the page still shows it running. Frames may cross a read on
 * the way, so an older one (fewer bids, or running again after an end) never replaces what is shown.
 */
export function isNewer(shown: NftView, incoming: NftView): boolean {
  if (incoming.id !== shown.id || shown.state !== 'live') return false;
  return incoming.state !== 'live' || incoming.bidCount > shown.bidCount;
}

const sameBid = (a: NftBidView, b: NftBidView) => a.bidder === b.bidder && a.amount === b.amount && a.at === b.at;

/** The NFT's page after a newer NFT (a bid's or a purchase's answer): unchanged when it is not newer. */
export function mergeNft(detail: NftDetail, nft: NftView, bid: NftBidView | null = null): NftDetail {
  if (!isNewer(detail.nft, nft)) return detail;
  const bids = bid && !detail.bids.some((b) => sameBid(b, bid)) ? [bid, ...detail.bids].slice(0, NFT_BIDS_SHOWN) : detail.bids;
  return { ...detail, nft, bids };
}

/** The NFT's page after a live frame of its topic: the newer picture wins, its bid goes on top of the history. */
export function mergeFrame(detail: NftDetail, frame: NftAuctionFrame): NftDetail {
  return mergeNft(detail, frame.nft, frame.bid);
}
