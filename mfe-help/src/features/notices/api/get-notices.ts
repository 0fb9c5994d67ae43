import { API_PATHS } from '@meridian/contracts';
import { listNoticesResult, noticeItem } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

export const getNotices = (api: ApiClient, lang: 1 | 2, signal: AbortSignal) =>
  api.get(API_PATHS.listNotices(lang), { result: listNoticesResult, signal });

export const getNotice = (api: ApiClient, id: number, signal: AbortSignal) =>
  api.get(API_PATHS.getNoticeById(id), { result: noticeItem, signal });
