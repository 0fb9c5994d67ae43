import { queryOptions } from '@tanstack/react-query';
import { operatorsEndpoints as operators } from '@meridian/contracts/endpoints/operators';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** Pending and overdue items per readable queue (the dashboard's counts), for the queue filter. */
const getQueueCounts = (signal?: AbortSignal) => adminApi.call(operators.getDashboard, { signal }).then((r) => r.queues);

export const queueCountsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.queueCounts(), queryFn: ({ signal }) => getQueueCounts(signal), refetchInterval: 30_000 });
