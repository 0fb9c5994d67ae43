import { queryOptions } from '@tanstack/react-query';
import { API_PATHS } from '@meridian/contracts';
import { listFaqResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

export const getFaq = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) =>
  api.get(API_PATHS.listFaq(lang), { result: listFaqResult, signal });

export const faqQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({ queryKey: ['help', 'faq', lang], queryFn: ({ signal }) => getFaq(api, lang, signal) });
