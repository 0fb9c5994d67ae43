import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { openTicketBody, openTicketResult, replyTicketBody, supportImageParams, ticketAccess, ticketView } from '../support.ts';

const SUPPORT = `${CUSTOMER_API}/support` as const;
/** An unknown conversation and a wrong key get the same refusal. */
const notFound = { 404: z.null() } as const;

/**
 * The visitor's side of a support conversation (SPEC §1 customer service, /kf.html): anyone may open
 * one; reading it and writing to it take the conversation's key.
 */
export const supportEndpoints = defineEndpoints('support', {
  openTicket: {
    method: 'POST',
    path: `${SUPPORT}/openTicket`,
    summary: 'Opens a support conversation with a first message; answers its id and the key that reads it',
    body: openTicketBody,
    result: openTicketResult,
    callers: 'anonymous',
    limited: true,
  },
  getTicket: {
    method: 'GET',
    path: `${SUPPORT}/getTicket`,
    summary: 'A support conversation with its messages and its place in the queue, read with its key',
    query: ticketAccess,
    result: ticketView,
    callers: 'anonymous',
    limited: true,
    refusals: notFound,
  },
  replyTicket: {
    method: 'POST',
    path: `${SUPPORT}/reply`,
    summary: 'Adds a message of the visitor to a support conversation, with its key',
    body: replyTicketBody,
    result: ticketView,
    callers: 'anonymous',
    limited: true,
    refusals: notFound,
  },
  supportImage: {
    method: 'GET',
    path: `${SUPPORT}/image/:imageId`,
    summary: 'The image of a message in a support conversation, read with its key',
    params: supportImageParams,
    query: ticketAccess,
    raw: 'image/*',
    callers: 'anonymous',
    limited: true,
    refusals: notFound,
  },
});
