import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListNftQuery, MyNftTab } from '@meridian/contracts';
import { nftEndpoints as nfts } from '@meridian/contracts/endpoints/nfts';
import type { ApiClient } from '@meridian/platform';
import { nftKeys } from './query-keys.ts';

/** The reads of the charity NFTs (issue 28) this remote makes; bids and purchases are the detail feature's. */
export const nftQueries = {
  /** One page of the market (a live auction's figures come with each read; the detail page follows them live). */
  market: (api: ApiClient, query: ListNftQuery) =>
    queryOptions({
      queryKey: nftKeys.market(query),
      queryFn: ({ signal }) => api.call(nfts.listNft, { query, signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: nftKeys.detail(id),
      queryFn: ({ signal }) => api.call(nfts.getNft, { params: { id }, signal }),
      staleTime: 0,
    }),
  charities: (api: ApiClient) =>
    queryOptions({
      queryKey: nftKeys.charities(),
      queryFn: ({ signal }) => api.call(nfts.listCharities, { signal }),
      staleTime: 60_000,
    }),
  charity: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: nftKeys.charity(id),
      queryFn: ({ signal }) => api.call(nfts.getCharity, { params: { id }, signal }),
      staleTime: 60_000,
    }),
  /** The caller's place in one auction; read again when a user event names `userNfts` (outbid, won, lost). */
  myBid: (api: ApiClient, userId: string | null, id: number) =>
    queryOptions({
      queryKey: nftKeys.myBid(userId, id),
      queryFn: ({ signal }) => api.call(nfts.getMyNftBid, { params: { id }, signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
  myList: (api: ApiClient, userId: string | null, tab: MyNftTab, page: number) =>
    queryOptions({
      queryKey: nftKeys.myList(userId, tab, page),
      queryFn: ({ signal }) => api.call(nfts.listMyNfts, { query: { tab, page }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};
