import { queryOptions } from '@tanstack/react-query';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import type { ApiClient } from '@meridian/platform';

const getNotices = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) => api.call(content.listNotices, { params: { lang }, signal });

const getNotice = (api: ApiClient, id: number, signal: AbortSignal) => api.call(content.getNoticeById, { params: { id }, signal });

export const noticesQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({ queryKey: ['help', 'notices', lang], queryFn: ({ signal }) => getNotices(api, lang, signal) });

export const noticeQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: ['help', 'notice', id], queryFn: ({ signal }) => getNotice(api, id, signal) });
