import { useQueryClient } from '@tanstack/react-query';
import type { NftDetail, NftMoveResult } from '@meridian/contracts';
import { nftEndpoints as nfts } from '@meridian/contracts/endpoints/nfts';
import type { ApiClient } from '@meridian/platform';
import { sharedQueryKeys, useUser } from '@meridian/platform';
import { nftKeys } from '../../../shared/query-keys.ts';
import { mergeNft } from '../hooks/merge-frame.ts';

/** The money calls of an auction (real account, one `Idempotency-Key` per intent). */
export const bidApi = {
  bid: (api: ApiClient, id: number, amount: string, idempotencyKey: string) =>
    api.call(nfts.bidNft, { params: { id }, body: { amount }, idempotencyKey }),
  buy: (api: ApiClient, id: number, price: string, idempotencyKey: string) =>
    api.call(nfts.buyNft, { body: { id, price }, idempotencyKey }),
};

/**
 * What a bid or a purchase answered, shown at once: the NFT as it stands and the caller's place; then the
 * bid history and the balance (funds held or paid) are read again.
 */
export function useApplyMove(id: number): (result: NftMoveResult) => void {
  const queryClient = useQueryClient();
  const userId = useUser()?.id ?? null;
  return (result) => {
    const state = queryClient.getQueryState<NftDetail>(nftKeys.detail(id));
    if (state?.data)
      queryClient.setQueryData<NftDetail>(nftKeys.detail(id), mergeNft(state.data, result.nft), { updatedAt: state.dataUpdatedAt });
    queryClient.setQueryData(nftKeys.myBid(userId, id), result.mine);
    void queryClient.invalidateQueries({ queryKey: nftKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: nftKeys.mine(userId) });
    void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.userFigures(userId) });
  };
}
