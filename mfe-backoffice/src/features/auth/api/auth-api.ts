import { queryOptions } from '@tanstack/react-query';
import type { CompleteSetupBody, OperatorSignInBody } from '@meridian/contracts';
import { operatorsEndpoints as operators } from '@meridian/contracts/endpoints/operators';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

export const signIn = (body: OperatorSignInBody) => adminApi.call(operators.signIn, { body });

const getSetupInfo = (token: string, signal?: AbortSignal) => adminApi.call(operators.getSetupInfo, { body: { token }, signal });

/** Who a set-up link is for and the authenticator secret; read once per link (the route is rate-limited). */
export const setupInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: adminKeys.setupInfo(token),
    queryFn: ({ signal }) => getSetupInfo(token, signal),
    staleTime: Infinity,
    retry: false,
  });

export const completeSetup = (body: CompleteSetupBody) => adminApi.call(operators.completeSetup, { body });
