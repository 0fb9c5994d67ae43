import { queryOptions } from '@tanstack/react-query';
import type { AccountModeName } from '@meridian/contracts';
import { customersEndpoints as customers } from '@meridian/contracts/endpoints/customers';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** Customers whose email, phone or wallet contains `q`, or whose id is `q`; newest first, 50 a page. */
const searchUsers = (q: string, page: number, signal?: AbortSignal) => adminApi.call(customers.listUsers, { query: { q, page }, signal });

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: adminKeys.users.search(q, page), queryFn: ({ signal }) => searchUsers(q, page, signal) });

/** A customer's profile, balances per mode, sessions, notes and review items. */
const getUser = (id: string, signal?: AbortSignal) => adminApi.call(customers.getUser, { params: { id }, signal });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.users.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

/** The customer's transfers of one account mode, newest first, seen from their side. */
const getUserTransfers = (id: string, mode: AccountModeName, page: number, signal?: AbortSignal) =>
  adminApi.call(customers.listUserTransfers, { params: { id }, query: { mode, page }, signal });

export const transfersQueryOptions = (id: string, mode: AccountModeName, page: number) =>
  queryOptions({
    queryKey: adminKeys.users.transfers(id, mode, page),
    queryFn: ({ signal }) => getUserTransfers(id, mode, page, signal),
  });

/** An operator's note on the customer (audited). */
export const addUserNote = (id: string, body: string) => adminApi.call(customers.addUserNote, { params: { id }, body: { body } });
