import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { nftTopicOf } from '@meridian/contracts';
import type { NftDetail } from '@meridian/contracts';
import { nftKeys } from '../../../shared/query-keys.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { mergeFrame } from './merge-frame.ts';

/**
 * Follows one NFT's auction while its page is shown: watches its topic (`nft:<id>`) and folds each newer
 * frame into the page's read (an end reads the page again: the charity's total moved). The read keeps the
 * time it was received, so the countdown's clock skew (the answer's `now` against that time) stays right.
 */
export function useLiveNft(id: number, enabled: boolean): void {
  const { live } = usePlatform();
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? live.watch([nftTopicOf(id)]) : undefined), [live, id, enabled]);
  useEffect(() => {
    if (!enabled) return;
    const key = nftKeys.detail(id);
    const subscription = live.nft$.subscribe((frame) => {
      if (frame.nft.id !== id) return;
      const state = queryClient.getQueryState<NftDetail>(key);
      if (!state?.data) return;
      const next = mergeFrame(state.data, frame);
      if (next === state.data) return;
      queryClient.setQueryData<NftDetail>(key, next, { updatedAt: state.dataUpdatedAt });
      // An end (a close or a purchase) changed what the charity raised: read the page again for it.
      if (next.nft.state !== 'live') void queryClient.invalidateQueries({ queryKey: key });
    });
    return () => subscription.unsubscribe();
  }, [live, id, enabled, queryClient]);
}
