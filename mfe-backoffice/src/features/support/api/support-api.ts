import { queryOptions } from '@tanstack/react-query';
import type { REVIEW_REASONS } from '@meridian/contracts';
import { supportAdminEndpoints as support } from '@meridian/contracts/endpoints/support-admin';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** How often an open conversation (and the list) asks again for new messages. */
const SUPPORT_POLL_MS = 15_000;

/** The 200 most recently updated conversations, with their last message. */
const listTickets = (signal?: AbortSignal) => adminApi.call(support.listSupportTickets, { signal });

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.support.list(), queryFn: ({ signal }) => listTickets(signal), refetchInterval: SUPPORT_POLL_MS });

/** One conversation: its messages and its place in the support queue. */
const getTicket = (id: string, signal?: AbortSignal) => adminApi.call(support.getSupportTicket, { params: { id }, signal });

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.support.ticket(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    refetchInterval: SUPPORT_POLL_MS,
  });

/** An operator's answer (the conversation becomes "answered"). */
export const replyTicket = (id: string, message: string) =>
  adminApi.call(support.answerSupportTicket, { params: { id }, body: { message } });

/** A reason a conversation is closed with (one of the support kind's). */
export type CloseReason = (typeof REVIEW_REASONS.support)[number];

/** Closes the conversation with a support reason (its review item completes). */
export const closeTicket = (id: string, reasonCode: CloseReason) =>
  adminApi.call(support.closeSupportTicket, { params: { id }, body: { reasonCode } });
