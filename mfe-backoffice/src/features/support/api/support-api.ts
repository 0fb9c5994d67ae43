import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import type { ReasonCode } from '@meridian/contracts';
import { listTicketsResult, ticketView } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** How often an open conversation (and the list) asks again for new messages. */
export const SUPPORT_POLL_MS = 15_000;

/** The 200 most recently updated conversations, with their last message. */
export const listTickets = (signal?: AbortSignal) =>
  adminApi.get(ADMIN_PATHS.listTickets, { result: listTicketsResult, ...(signal ? { signal } : {}) });

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.support.list(), queryFn: ({ signal }) => listTickets(signal), refetchInterval: SUPPORT_POLL_MS });

/** One conversation: its messages and its place in the support queue. */
export const getTicket = (id: string, signal?: AbortSignal) =>
  adminApi.get(ADMIN_PATHS.getTicket(id), { result: ticketView, ...(signal ? { signal } : {}) });

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.support.ticket(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    refetchInterval: SUPPORT_POLL_MS,
  });

/** An operator's answer (the conversation becomes "answered"). */
export const replyTicket = (id: string, message: string) =>
  adminApi.post(ADMIN_PATHS.replyTicket(id), { body: { message }, result: ticketView });

/** Closes the conversation with a support reason (its review item completes). */
export const closeTicket = (id: string, reasonCode: ReasonCode) =>
  adminApi.post(ADMIN_PATHS.closeTicket(id), { body: { reasonCode }, result: ticketView });
