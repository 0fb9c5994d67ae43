import { queryOptions } from '@tanstack/react-query';
import { operatorsEndpoints as operators } from '@meridian/contracts/endpoints/operators';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const getDashboard = (signal: AbortSignal) => adminApi.call(operators.getDashboard, { signal });

export const dashboardQueryOptions = () => queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });
