import { contentLanguageId } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import { queryClient } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';

/** The content list of a language (SPEC §2: id 1 for zh/hk, 2 for the others): one cache entry per id. */
const contentListKey = (lang: LanguageCode) => ['shell', 'listContents', contentLanguageId(lang)] as const;

export function contentListQuery(api: ApiClient, lang: LanguageCode) {
  return {
    queryKey: contentListKey(lang),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(content.listContents, { params: { lang: contentLanguageId(lang) }, query: {}, signal }),
    staleTime: 5 * 60_000,
  };
}

/**
 * SPEC §6 "on start the client loads the content list" (and §2: again on a language change), on every
 * layout: the desktop footer reads the same cache entry, so it asks nothing more.
 */
export function loadContentList(api: ApiClient, lang: LanguageCode): Promise<unknown> {
  return queryClient.prefetchQuery(contentListQuery(api, lang));
}
