import type { ReviewView } from '@meridian/contracts';

/** Where an item is handled: a support conversation on its own page, every other kind on the review page. */
export const itemPath = (item: Pick<ReviewView, 'id' | 'kind' | 'subject'>): string =>
  item.kind === 'support' ? `/admin/support/${encodeURIComponent(item.subject)}` : `/admin/queues/${item.id}`;

export const userPath = (id: string): string => `/admin/users/${encodeURIComponent(id)}`;

/** A whole number ≥ 1 from the address, else 1. */
export const pageParam = (value: string | null): number => {
  const n = Math.floor(Number(value ?? '1'));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 10_000) : 1;
};

/** The page size of every list of the operator API. */
export const PAGE_SIZE = 50;
