import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import type { ProposeCorrectionBody } from '@meridian/contracts';
import { reviewView, userDetail } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/**
 * Operator A's proposal of a correction (finance): a pending review item until a different operator
 * decides it. `idempotencyKey`: one per submit, the same one when the submit is sent again.
 */
export const proposeCorrection = (body: ProposeCorrectionBody, idempotencyKey: string) =>
  adminApi.post(ADMIN_PATHS.proposeCorrection, { body, result: reviewView, idempotencyKey });

/** Who a user id names (the form shows the customer before anything is sent). */
export const getCustomer = (id: string, signal?: AbortSignal) =>
  adminApi.get(ADMIN_PATHS.getUser(id), { result: userDetail, ...(signal ? { signal } : {}) }).then((d) => d.user);

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.correctionCustomer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    retry: false,
    staleTime: 60_000,
  });
