import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { contentItem, getContentByIdParams, listContentsParams, listContentsQuery, listContentsResult } from '../content.ts';
import { idParams, langParams, listFaqResult, listNoticesResult, noticeItem, searchHelpQuery, searchHelpResult } from '../help.ts';
import { getParamParams, paramResult } from '../settings.ts';

const INDEX = `${CUSTOMER_API}/index` as const;

/** The content calls of the `index` group (SPEC §6): content pages, FAQ, notices, help search and public settings, for anyone. */
export const contentEndpoints = defineEndpoints('content', {
  listContents: {
    method: 'GET',
    path: `${INDEX}/listContents/:lang`,
    summary: 'The content pages of a language (1 Chinese, 2 English), optionally of one type, without their bodies',
    params: listContentsParams,
    query: listContentsQuery,
    result: listContentsResult,
    callers: 'anonymous',
  },
  getContentsById: {
    method: 'GET',
    path: `${INDEX}/getContentsById/:id`,
    summary: 'One content page with its sanitized body (code 404 in the envelope when there is none)',
    params: getContentByIdParams,
    result: contentItem,
    callers: 'anonymous',
  },
  getParamByKey: {
    method: 'GET',
    path: `${INDEX}/getParamByKey/:key`,
    summary: 'The value of a public platform setting (code 10018 when it is unavailable)',
    params: getParamParams,
    result: paramResult,
    callers: 'anonymous',
  },
  listFaq: {
    method: 'GET',
    path: `${INDEX}/listFaq/:lang`,
    summary: 'The frequently asked questions of a language, in their order',
    params: langParams,
    result: listFaqResult,
    callers: 'anonymous',
  },
  listNotices: {
    method: 'GET',
    path: `${INDEX}/listNotices/:lang`,
    summary: 'The notices of a language, newest first, without their bodies',
    params: langParams,
    result: listNoticesResult,
    callers: 'anonymous',
  },
  getNoticeById: {
    method: 'GET',
    path: `${INDEX}/getNoticeById/:id`,
    summary: 'One notice with its body',
    params: idParams,
    result: noticeItem,
    callers: 'anonymous',
    refusals: { 404: z.null() },
  },
  searchHelp: {
    method: 'GET',
    path: `${INDEX}/searchHelp/:lang`,
    summary: 'The questions and notices of a language whose text contains the words searched for',
    params: langParams,
    query: searchHelpQuery,
    result: searchHelpResult,
    callers: 'anonymous',
    limited: true,
  },
});
