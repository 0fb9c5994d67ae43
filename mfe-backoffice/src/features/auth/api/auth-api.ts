import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import type { CompleteSetupBody, OperatorSignInBody } from '@meridian/contracts';
import { operatorSession, setupInfo } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

export const signIn = (body: OperatorSignInBody) => adminApi.post(ADMIN_PATHS.signIn, { body, result: operatorSession });

export const getSetupInfo = (token: string, signal?: AbortSignal) =>
  adminApi.post(ADMIN_PATHS.setupInfo, { body: { token }, result: setupInfo, ...(signal ? { signal } : {}) });

/** Who a set-up link is for and the authenticator secret; read once per link (the route is rate-limited). */
export const setupInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: adminKeys.setupInfo(token),
    queryFn: ({ signal }) => getSetupInfo(token, signal),
    staleTime: Infinity,
    retry: false,
  });

export const completeSetup = (body: CompleteSetupBody) => adminApi.post(ADMIN_PATHS.completeSetup, { body, result: operatorSession });
