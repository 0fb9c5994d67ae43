import { queryOptions } from '@tanstack/react-query';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import type { ApiClient } from '@meridian/platform';
import { helpKeys } from '../../../shared/help-keys.ts';

const searchHelp = (api: ApiClient, lang: 1 | 2, q: string, signal: AbortSignal) =>
  api.call(content.searchHelp, { params: { lang }, query: { q }, signal });

/** The search for `q` (already checked against the contract's `searchHelpQuery`); nothing runs while it is null. */
export const searchHelpQueryOptions = (api: ApiClient, lang: 1 | 2, q: string | null) =>
  queryOptions({
    queryKey: helpKeys.search(lang, q),
    queryFn: ({ signal }) => searchHelp(api, lang, q ?? '', signal),
    enabled: q !== null,
  });
