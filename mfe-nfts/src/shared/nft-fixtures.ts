import type { CharityView, MyNftBid, NftDetail, NftView } from '@meridian/contracts';

/** 2025-01-01 12:00 UTC: the tests' "now" on the auctions' clock. */
export const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

/** A running auction (tests change what they need). */
export function nftOf(change: Partial<NftView> = {}): NftView {
  return {
    id: 7,
    name: 'Paper Lanterns',
    description: 'Lanterns over a river.',
    image: '/api/swx/customer/index/nfts/7/image',
    creator: 'Mei Lin',
    chain: 'polygon',
    charity: { id: 2, name: 'Books for Kids' },
    currency: 'USD',
    reservePrice: '100.00',
    buyNowPrice: '500.00',
    minIncrement: '10.00',
    currentBid: '120.00',
    minimumBid: '130.00',
    buyNowOpen: true,
    bidCount: 2,
    leader: 2,
    startsAt: new Date(NOW - 86_400_000).toISOString(),
    endsAt: new Date(NOW + 3_600_000).toISOString(),
    listedEndsAt: new Date(NOW + 3_600_000).toISOString(),
    state: 'live',
    soldPrice: null,
    soldBy: null,
    owner: null,
    closedAt: null,
    donated: '0.00',
    ...change,
  };
}

const charity: CharityView = {
  id: 2,
  name: 'Books for Kids',
  description: 'Books for every school.',
  url: 'https://example.org/books',
  raised: '1500.00',
  nftCount: 2,
};

export function detailOf(nft: NftView = nftOf()): NftDetail {
  return {
    nft,
    bids: [
      { bidder: 2, amount: '120.00', at: new Date(NOW - 60_000).toISOString() },
      { bidder: 1, amount: '100.00', at: new Date(NOW - 120_000).toISOString() },
    ],
    charity,
    now: new Date(NOW).toISOString(),
  };
}

export function mineOf(change: Partial<MyNftBid> = {}): MyNftBid {
  return { nftId: 7, bidder: 2, highest: '120.00', leading: true, owner: false, ...change };
}
