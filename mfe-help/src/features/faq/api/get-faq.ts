import { queryOptions } from '@tanstack/react-query';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import type { ApiClient } from '@meridian/platform';
import { helpKeys } from '../../../shared/help-keys.ts';

const getFaq = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) => api.call(content.listFaq, { params: { lang }, signal });

export const faqQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({ queryKey: helpKeys.faq(lang), queryFn: ({ signal }) => getFaq(api, lang, signal) });
