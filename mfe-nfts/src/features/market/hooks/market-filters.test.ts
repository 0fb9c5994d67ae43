import { describe, expect, it } from 'vitest';
import { filtersFrom, paramsOf } from './market-filters.ts';

describe('the market filters in the address', () => {
  it('reads a deep link and falls back to live, ending soonest, page 1 for anything unknown', () => {
    expect(filtersFrom(new URLSearchParams(''))).toEqual({ status: 'live', sort: 'ending', page: 1 });
    expect(filtersFrom(new URLSearchParams('status=ended&sort=price_desc&charity=2&page=3'))).toEqual({
      status: 'ended',
      sort: 'price_desc',
      charityId: 2,
      page: 3,
    });
    expect(filtersFrom(new URLSearchParams('status=nope&sort=cheap&charity=1.5&page=-2'))).toEqual({
      status: 'live',
      sort: 'ending',
      page: 1,
    });
    expect(filtersFrom(new URLSearchParams('page=999999')).page).toBe(10_000);
  });

  it('writes the defaults out of the address and keeps the rest', () => {
    expect(paramsOf({ status: 'live', sort: 'ending', page: 1 }).toString()).toBe('');
    expect(paramsOf({ status: 'all', sort: 'newest', charityId: 3, page: 2 }).toString()).toBe('status=all&sort=newest&charity=3&page=2');
    const back = filtersFrom(paramsOf({ status: 'ended', sort: 'price_asc', charityId: 1, page: 4 }));
    expect(back).toEqual({ status: 'ended', sort: 'price_asc', charityId: 1, page: 4 });
  });
});
