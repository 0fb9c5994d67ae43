import { queryOptions } from '@tanstack/react-query';
import type { ProposeCorrectionBody } from '@meridian/contracts';
import { customersEndpoints as customers } from '@meridian/contracts/endpoints/customers';
import { reviewsEndpoints as reviews } from '@meridian/contracts/endpoints/reviews';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/**
 * Operator A's proposal of a correction (finance): a pending review item until a different operator
 * decides it. `idempotencyKey`: one per submit, the same one when the submit is sent again.
 */
export const proposeCorrection = (body: ProposeCorrectionBody, idempotencyKey: string) =>
  adminApi.call(reviews.proposeCorrection, { body, idempotencyKey });

/** Who a user id names (the form shows the customer before anything is sent). */
const getCustomer = (id: string, signal?: AbortSignal) => adminApi.call(customers.getUser, { params: { id }, signal }).then((d) => d.user);

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.correctionCustomer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    retry: false,
    staleTime: 60_000,
  });
