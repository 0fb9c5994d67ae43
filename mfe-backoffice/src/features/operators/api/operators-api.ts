import { queryOptions } from '@tanstack/react-query';
import type { InviteOperatorBody } from '@meridian/contracts';
import { operatorsEndpoints as operators } from '@meridian/contracts/endpoints/operators';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const listOperators = (signal: AbortSignal) => adminApi.call(operators.listOperators, { signal });

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.operators(), queryFn: ({ signal }) => listOperators(signal) });

export const inviteOperator = (body: InviteOperatorBody) => adminApi.call(operators.inviteOperator, { body });

export const deactivateOperator = (id: string) => adminApi.call(operators.deactivateOperator, { params: { id } });
