import { describe, expect, it } from 'vitest';
import { mineOf, nftOf } from './nft-fixtures.ts';
import { myStatus } from './my-status.ts';

describe("the caller's place in an auction", () => {
  it('leads while the read says so and the NFT as it stands names their bidder number', () => {
    expect(myStatus(nftOf({ leader: 2 }), mineOf())).toBe('leading');
  });

  it('is outbid at once when a live frame shows another leader, before the read is refreshed', () => {
    expect(myStatus(nftOf({ leader: 5, bidCount: 3 }), mineOf({ leading: true }))).toBe('outbid');
  });

  it('is outbid when the read says their bid no longer leads', () => {
    expect(myStatus(nftOf({ leader: 5 }), mineOf({ leading: false }))).toBe('outbid');
  });

  it('owns what they won or bought; lost an ended auction they bid in; has no place without a bid', () => {
    const sold = nftOf({ state: 'sold', owner: 2, leader: 2 });
    expect(myStatus(sold, mineOf({ owner: true, leading: false }))).toBe('owner');
    expect(myStatus(sold, mineOf({ owner: false, leading: true }))).toBe('owner');
    expect(myStatus(nftOf({ state: 'sold', owner: 5 }), mineOf({ leading: false }))).toBe('lost');
    expect(myStatus(nftOf(), mineOf({ bidder: null, highest: null, leading: false }))).toBe('none');
    expect(myStatus(nftOf(), undefined)).toBe('none');
  });
});
