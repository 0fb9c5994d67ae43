import { queryOptions } from '@tanstack/react-query';
import { CLIENT_ERROR_CODES, SUCCESS_CODE, endpointPath, messageKeyForCode } from '@meridian/contracts';
import type { TicketAccess } from '@meridian/contracts';
import { supportEndpoints as support } from '@meridian/contracts/endpoints/support';
import { uploadsEndpoints as uploads } from '@meridian/contracts/endpoints/uploads';
import { envelope } from '@meridian/contracts/schemas';
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

/** Multipart upload of one image (the JSON client does not send files). */
export async function uploadImage(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  let response: Response;
  try {
    response = await fetch(endpointPath(uploads.uploadImage), { method: 'POST', body: form, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError('network', String(error), undefined, CLIENT_ERROR_CODES.network);
  }
  const parsed = envelope(uploads.uploadImage.result).safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(String(response.status), response.statusText, response.status);
  const { code, message, result } = parsed.data;
  if (code !== SUCCESS_CODE || !result)
    throw new ApiError(code, message, response.status, message.startsWith('validation.') ? message : messageKeyForCode(code));
  return result.id;
}
