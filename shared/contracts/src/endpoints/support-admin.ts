import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import { closeTicketBody, listTicketsResult, operatorReplyBody, ticketIdParams, ticketImageParams, ticketView } from '../support.ts';

const TICKETS = `${ADMIN_API}/support/tickets` as const;
const unknownTicket = { 404: z.null() } as const;

/** The operators' side of the support conversations, on the review mechanism (the support queue). */
export const supportAdminEndpoints = defineEndpoints('support-admin', {
  listSupportTickets: {
    method: 'GET',
    path: TICKETS,
    summary: 'The 200 most recently updated conversations, with their last message',
    result: listTicketsResult,
    callers: BACKOFFICE_SECTIONS.support.readers,
  },
  getSupportTicket: {
    method: 'GET',
    path: `${TICKETS}/:id`,
    summary: 'One conversation: its messages and its place in the support queue',
    params: ticketIdParams,
    result: ticketView,
    callers: BACKOFFICE_SECTIONS.support.readers,
    refusals: unknownTicket,
  },
  answerSupportTicket: {
    method: 'POST',
    path: `${TICKETS}/:id/reply`,
    summary: "An operator's answer: the conversation becomes answered and its queue item is decided",
    params: ticketIdParams,
    body: operatorReplyBody,
    result: ticketView,
    callers: BACKOFFICE_SECTIONS.support.writers,
    refusals: unknownTicket,
  },
  closeSupportTicket: {
    method: 'POST',
    path: `${TICKETS}/:id/close`,
    summary: 'Closes the conversation with a support reason; its queue item completes',
    params: ticketIdParams,
    body: closeTicketBody,
    result: ticketView,
    callers: BACKOFFICE_SECTIONS.support.writers,
    refusals: unknownTicket,
  },
  getSupportTicketImage: {
    method: 'GET',
    path: `${TICKETS}/:id/image/:imageId`,
    summary: "An image of a conversation's message (the stored, re-encoded bytes)",
    params: ticketImageParams,
    raw: 'image/*',
    callers: BACKOFFICE_SECTIONS.support.readers,
    refusals: unknownTicket,
  },
});
