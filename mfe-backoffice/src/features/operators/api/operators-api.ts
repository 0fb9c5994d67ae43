import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import type { InviteOperatorBody } from '@meridian/contracts';
import { inviteResult, operatorView } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const operatorList = operatorView.array();

export const listOperators = (signal: AbortSignal) => adminApi.get(ADMIN_PATHS.listOperators, { result: operatorList, signal });

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.operators(), queryFn: ({ signal }) => listOperators(signal) });

export const inviteOperator = (body: InviteOperatorBody) => adminApi.post(ADMIN_PATHS.inviteOperator, { body, result: inviteResult });

export const deactivateOperator = (id: string) => adminApi.post(ADMIN_PATHS.deactivateOperator(id), { result: operatorView });
