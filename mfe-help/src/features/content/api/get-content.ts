import { queryOptions } from '@tanstack/react-query';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import { ApiError } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { helpKeys } from '../../../shared/help-keys.ts';

const getContent = (api: ApiClient, id: number, signal: AbortSignal) => api.call(content.getContentsById, { params: { id }, signal });

/** The company pages (content type 1) of a language; the first one is "About us". */
const getCompanyPages = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) =>
  api.call(content.listContents, { params: { lang }, query: { type: 1 }, signal });

/** A content page by id; an id that cannot exist fails as the server's 404 would, without asking it. */
export const contentQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: helpKeys.content(id),
    queryFn: ({ signal }) => (Number.isInteger(id) && id > 0 ? getContent(api, id, signal) : Promise.reject(new ApiError('404', 'no id'))),
  });

/** "About us": the first company page of a language, or null when the language has none. */
export const aboutQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({
    queryKey: helpKeys.about(lang),
    queryFn: async ({ signal }) => {
      const pages = await getCompanyPages(api, lang, signal);
      return pages[0] ? getContent(api, pages[0].id, signal) : null;
    },
  });
