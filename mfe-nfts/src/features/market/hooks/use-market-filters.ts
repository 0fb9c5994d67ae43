import { useSearchParams } from 'react-router-dom';
import type { ListNftQuery } from '@meridian/contracts';
import { filtersFrom, paramsOf } from './market-filters.ts';

/** The market's filters, kept in the address so a filtered market can be linked and reloaded. */
export function useMarketFilters(): [ListNftQuery, (change: Partial<ListNftQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const change = (next: Partial<ListNftQuery>) => {
    // A new filter starts again at page 1; a page change keeps the filters.
    const merged = { ...filters, page: 1, ...next };
    if ('charityId' in next && next.charityId === undefined) delete merged.charityId;
    setParams(paramsOf(merged), { replace: !('page' in next) });
  };
  return [filters, change];
}
