import { queryOptions } from '@tanstack/react-query';
import type { ContentEntry, ContentKind, SaveContentBody } from '@meridian/contracts';
import { contentAdminEndpoints as content } from '@meridian/contracts/endpoints/content-admin';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** Content language of SPEC §2: 1 = Chinese (zh, hk), 2 = every other language. */
export type ContentLanguage = 1 | 2;

/** Who reads content in the back-office and who changes it: the roles the API checks. */
export const CONTENT_READERS = content.listContent.callers;
export const CONTENT_WRITERS = content.updateContent.callers;

/** The longest body the contract accepts (`saveContentBody`, `previewContentBody`). */
export const MAX_BODY_LENGTH = 100_000;

const listContent = (kind: ContentKind, lang: ContentLanguage, signal: AbortSignal) =>
  adminApi.call(content.listContent, { query: { kind, lang }, signal });

export const contentListQueryOptions = (kind: ContentKind, lang: ContentLanguage) =>
  queryOptions({ queryKey: adminKeys.content.list(kind, lang), queryFn: ({ signal }) => listContent(kind, lang, signal) });

/** The server's sanitizer run on a body (nothing stored): the clean HTML and what it took out. */
const previewContent = (body: string, signal?: AbortSignal) => adminApi.call(content.previewContent, { body: { body }, signal });

/** A preview depends on the body alone, so one answer per body is kept for as long as it is used. */
export const previewQueryOptions = (body: string) =>
  queryOptions({
    queryKey: adminKeys.content.preview(body),
    queryFn: ({ signal }) => previewContent(body, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

export const createContent = (kind: ContentKind, body: SaveContentBody) => adminApi.call(content.createContent, { params: { kind }, body });

export const updateContent = (kind: ContentKind, id: number, body: SaveContentBody) =>
  adminApi.call(content.updateContent, { params: { kind, id }, body });

/** The list with one entry put in (or replaced), in the order the API lists the kind. */
export function upsertEntry(list: readonly ContentEntry[] | undefined, entry: ContentEntry): ContentEntry[] {
  const rest = (list ?? []).filter((e) => e.id !== entry.id);
  const known = (list ?? []).some((e) => e.id === entry.id);
  if (known) return (list ?? []).map((e) => (e.id === entry.id ? entry : e));
  return entry.kind === 'notice' ? [entry, ...rest] : [...rest, entry];
}
