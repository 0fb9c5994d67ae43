import type { ListNftQuery, MyNftTab } from '@meridian/contracts';
import { sharedQueryKeys } from '@meridian/platform';

/**
 * Every query key of the nfts remote, from one factory. The market, an NFT and the charities are public
 * (under `nfts`); the signed-in user's place in an auction and their NFTs live under the platform's shared
 * `userNfts` key: an outbid, a won or a lost auction names `userNfts` in a live user event, and sign-out
 * drops them with the rest of the user's data.
 */
const root = ['nfts'] as const;

export const nftKeys = {
  market: (query: ListNftQuery) => [...root, 'market', query] as const,
  detail: (id: number) => [...root, 'detail', id] as const,
  charities: () => [...root, 'charities'] as const,
  charity: (id: number) => [...root, 'charity', id] as const,
  mine: sharedQueryKeys.userNfts,
  myBid: (userId: string | null, id: number) => [...sharedQueryKeys.userNfts(userId), 'bid', id] as const,
  myList: (userId: string | null, tab: MyNftTab, page: number) => [...sharedQueryKeys.userNfts(userId), 'list', tab, page] as const,
};
