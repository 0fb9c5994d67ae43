import { queryOptions } from '@tanstack/react-query';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import type { ApiClient } from '@meridian/platform';
import { helpKeys } from '../../../shared/help-keys.ts';

const getNotices = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) => api.call(content.listNotices, { params: { lang }, signal });

const getNotice = (api: ApiClient, id: number, signal: AbortSignal) => api.call(content.getNoticeById, { params: { id }, signal });

export const noticesQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({ queryKey: helpKeys.notices(lang), queryFn: ({ signal }) => getNotices(api, lang, signal) });

export const noticeQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: helpKeys.notice(id), queryFn: ({ signal }) => getNotice(api, id, signal) });
