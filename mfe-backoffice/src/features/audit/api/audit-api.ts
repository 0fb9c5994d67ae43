import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpointPath } from '@meridian/contracts';
import type { AuditQuery } from '@meridian/contracts';
import { auditEndpoints as audit } from '@meridian/contracts/endpoints/audit';
import { ApiError } from '@meridian/platform';
import { adminApi, operatorAuthorization } from '../../../shared/admin-api.ts';
import { setOperatorSession } from '../../../shared/session.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** The API query of a search (undefined fields are left out of the URL). */
export type AuditSearch = { q: string; action?: AuditQuery['action']; from?: string; to?: string; page: number };

const queryOf = (search: AuditSearch) => ({
  q: search.q || undefined,
  action: search.action,
  from: search.from,
  to: search.to,
  page: search.page,
});

const searchAudit = (search: AuditSearch, signal: AbortSignal) => adminApi.call(audit.listAudit, { query: queryOf(search), signal });

export const auditQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: adminKeys.audit(search),
    queryFn: ({ signal }) => searchAudit(search, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The matching entries as a CSV file. A link cannot carry the bearer token, so the file is fetched
 * with it and handed to the browser as a download.
 */
export async function exportAuditCsv(search: Omit<AuditSearch, 'page'>): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(queryOf({ ...search, page: 1 })))
    if (value !== undefined && key !== 'page') params.set(key, String(value));
  const auth = operatorAuthorization();
  let response: Response;
  try {
    response = await fetch(`${endpointPath(audit.exportAudit)}?${params.toString()}`, {
      headers: { Accept: 'text/csv', ...(auth ? { Authorization: auth } : {}) },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError('network', String(error), undefined, 'errors.network');
  }
  if (response.status === 401) {
    setOperatorSession(null, 'expired');
    throw new ApiError('401', 'unauthorized', 401);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    throw new ApiError(String(body.code ?? response.status), String(body.message ?? response.statusText), response.status);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'meridian-audit.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
