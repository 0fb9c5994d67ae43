import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import { dashboardResult } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

export const getDashboard = (signal: AbortSignal) => adminApi.get(ADMIN_PATHS.dashboard, { result: dashboardResult, signal });

export const dashboardQueryOptions = () => queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });
