import { queryOptions } from '@tanstack/react-query';
import { endpointPath } from '@meridian/contracts';
import type { TicketAccess } from '@meridian/contracts';
import { supportEndpoints as support } from '@meridian/contracts/endpoints/support';
import { ApiError } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { helpKeys } from '../../../shared/help-keys.ts';

export const openTicket = (api: ApiClient, body: { email: string; message: string; imageId?: string }) =>
  api.call(support.openTicket, { body });

const getTicket = (api: ApiClient, access: TicketAccess, signal?: AbortSignal) => api.call(support.getTicket, { query: access, signal });

/** How often the visitor's page looks for an operator's answer. */
const POLL_MS = 10_000;

/** The conversation was not found (wrong key, or gone): asking again will not change that. */
export const isMissingTicket = (error: unknown) => error instanceof ApiError && error.code === '404';

/** A conversation, asked again every `POLL_MS` while the page is visible and at once when it comes back. */
export const ticketQueryOptions = (api: ApiClient, access: TicketAccess) =>
  queryOptions({
    queryKey: helpKeys.ticket(access.ticket, access.key),
    queryFn: ({ signal }) => getTicket(api, access, signal),
    refetchInterval: (query) => (isMissingTicket(query.state.error) ? false : POLL_MS),
    refetchOnWindowFocus: true,
  });

export const replyTicket = (api: ApiClient, access: TicketAccess, message: string, imageId?: string) =>
  api.call(support.replyTicket, { body: { ...access, message, ...(imageId ? { imageId } : {}) } });

export const supportImageUrl = (imageId: string, access: TicketAccess) =>
  `${endpointPath(support.supportImage, { imageId })}?ticket=${encodeURIComponent(access.ticket)}&key=${encodeURIComponent(access.key)}`;
