import { queryOptions } from '@tanstack/react-query';
import { API_PATHS } from '@meridian/contracts';
import { listNoticesResult, noticeItem } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

export const getNotices = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) =>
  api.get(API_PATHS.listNotices(lang), { result: listNoticesResult, signal });

export const getNotice = (api: ApiClient, id: number, signal: AbortSignal) =>
  api.get(API_PATHS.getNoticeById(id), { result: noticeItem, signal });

export const noticesQueryOptions = (api: ApiClient, lang: 1 | 2) =>
  queryOptions({ queryKey: ['help', 'notices', lang], queryFn: ({ signal }) => getNotices(api, lang, signal) });

export const noticeQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: ['help', 'notice', id], queryFn: ({ signal }) => getNotice(api, id, signal) });
