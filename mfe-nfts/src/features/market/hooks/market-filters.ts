import { NFT_FILTERS, NFT_SORTS, wholeNumber } from '@meridian/contracts';
import type { ListNftQuery } from '@meridian/contracts';

const pick = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

const positive = (text: string | null): number | null => {
  const n = wholeNumber(text);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The market's filters from the address (a deep link): anything unknown falls back to live, ending soonest, page 1. */
export function filtersFrom(params: URLSearchParams): ListNftQuery {
  const charityId = positive(params.get('charity'));
  return {
    status: pick(NFT_FILTERS, params.get('status'), 'live'),
    sort: pick(NFT_SORTS, params.get('sort'), 'ending'),
    ...(charityId === null ? {} : { charityId }),
    page: Math.min(positive(params.get('page')) ?? 1, 10_000),
  };
}

/** The address of a choice of filters, defaults left out (so `/nfts` is the plain market). */
export function paramsOf(filters: ListNftQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'live') params.set('status', filters.status);
  if (filters.sort !== 'ending') params.set('sort', filters.sort);
  if (filters.charityId !== undefined) params.set('charity', String(filters.charityId));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
