import { sharedQueryKeys } from '@meridian/platform';

/**
 * Every query key of the trading remote, from one factory. The signed-in user's plans live under the
 * platform's shared `userPlans` key: a day's income, an early exit or a plan's end names `userPlans` in a
 * live user event, and sign-out drops them with the rest of the user's data. The products are public.
 */
const root = ['trading'] as const;

/** The plans list's filter: the running plans, one state, or all. */
export type PlanFilter = 'running' | 'completed' | 'ended_early' | 'all';

export const smartKeys = {
  products: () => [...root, 'products'] as const,
  mine: sharedQueryKeys.userPlans,
  list: (userId: string | null, filter: PlanFilter, page: number) => [...sharedQueryKeys.userPlans(userId), 'list', filter, page] as const,
  detail: (userId: string | null, id: number) => [...sharedQueryKeys.userPlans(userId), 'detail', id] as const,
  exitPreview: (userId: string | null, id: number) => [...sharedQueryKeys.userPlans(userId), 'exit-preview', id] as const,
};
