import { API_PATHS } from '@meridian/contracts';
import { contentItem, listContentsResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

export const getContent = (api: ApiClient, id: number, signal: AbortSignal) =>
  api.get(API_PATHS.getContentsById(id), { result: contentItem, signal });

/** The company pages (content type 1) of a language; the first one is "About us". */
export const getCompanyPages = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) =>
  api.get(API_PATHS.listContents(lang), { result: listContentsResult, query: { type: 1 }, signal });
