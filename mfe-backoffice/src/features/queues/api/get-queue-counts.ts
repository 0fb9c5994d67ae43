import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import { dashboardResult } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** Pending and overdue items per readable queue (the dashboard's counts), for the queue filter. */
export const getQueueCounts = (signal?: AbortSignal) =>
  adminApi.get(ADMIN_PATHS.dashboard, { result: dashboardResult, ...(signal ? { signal } : {}) }).then((r) => r.queues);

export const queueCountsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.queueCounts(), queryFn: ({ signal }) => getQueueCounts(signal), refetchInterval: 30_000 });
