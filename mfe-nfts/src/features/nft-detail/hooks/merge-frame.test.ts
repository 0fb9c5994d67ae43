import { describe, expect, it } from 'vitest';
import type { NftAuctionFrame } from '@meridian/contracts';
import { NFT_BIDS_SHOWN } from '@meridian/contracts';
import { NOW, detailOf, nftOf } from '../../../shared/nft-fixtures.ts';
import { isNewer, mergeFrame, mergeNft } from './merge-frame.ts';

const frame = (change: Partial<NftAuctionFrame>): NftAuctionFrame => ({
  type: 'NFT_AUCTION',
  event: 'bid',
  nft: nftOf(),
  bid: null,
  extended: false,
  ...change,
});

describe('live frames of an NFT (the newer picture wins)', () => {
  it('takes a frame with more bids, and its bid goes on top of the history', () => {
    const detail = detailOf();
    const bid = { bidder: 1, amount: '130.00', at: new Date(NOW).toISOString() };
    const next = mergeFrame(detail, frame({ nft: nftOf({ bidCount: 3, leader: 1, currentBid: '130.00', minimumBid: '140.00' }), bid }));
    expect(next.nft.leader).toBe(1);
    expect(next.nft.minimumBid).toBe('140.00');
    expect(next.bids[0]).toEqual(bid);
    expect(next.bids).toHaveLength(3);
    expect(next.now).toBe(detail.now);
    // The same frame again (two watchers, a reconnect's snapshot) adds nothing.
    expect(mergeFrame(next, frame({ nft: next.nft, bid }))).toBe(next);
  });

  it('keeps what is shown against an older or equal frame (a frame that crossed a read on the way)', () => {
    const detail = detailOf(nftOf({ bidCount: 4, leader: 3 }));
    expect(mergeFrame(detail, frame({ event: 'snapshot', nft: nftOf({ bidCount: 3 }) }))).toBe(detail);
    expect(mergeFrame(detail, frame({ event: 'snapshot', nft: nftOf({ bidCount: 4 }) }))).toBe(detail);
    expect(isNewer(nftOf(), nftOf({ id: 8, bidCount: 9 }))).toBe(false);
  });

  it('takes an end (closed, bought) at once, and never goes back to running after one', () => {
    const detail = detailOf();
    const sold = nftOf({ state: 'sold', soldPrice: '120.00', soldBy: 'auction', owner: 2, donated: '120.00' });
    const closed = mergeFrame(detail, frame({ event: 'closed', nft: sold }));
    expect(closed.nft.state).toBe('sold');
    expect(closed.bids).toBe(detail.bids);
    expect(mergeFrame(closed, frame({ nft: nftOf({ bidCount: 9 }) }))).toBe(closed);
  });

  it('keeps at most the bids the page shows', () => {
    const many = { ...detailOf(), bids: Array.from({ length: NFT_BIDS_SHOWN }, (_, i) => ({ bidder: 1, amount: `${i}.00`, at: `t${i}` })) };
    const next = mergeNft(many, nftOf({ bidCount: 99 }), { bidder: 2, amount: '999.00', at: 'now' });
    expect(next.bids).toHaveLength(NFT_BIDS_SHOWN);
    expect(next.bids[0]!.amount).toBe('999.00');
  });
});
