import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentItem,
  envelope,
  getContentByIdParams,
  getParamParams,
  listContentsParams,
  listContentsQuery,
  listContentsResult,
  paramResult,
  validationIssues,
  langParams,
  idParams,
  listFaqResult,
  listNoticesResult,
  noticeItem,
  searchHelpQuery,
  searchHelpResult,
} from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { contents, faqs, notices } from '../../db/schema.ts';
import type { SettingsCache } from '../../settings/settings-cache.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

const errorBody = envelope(validationIssues);

/** The `index` group of SPEC §6: content pages, help and operator settings (markets: market-routes.ts). */
export const indexRoutes: FastifyPluginAsyncZod<{ db: Database; settings: SettingsCache }> = async (app, { db, settings }) => {
  app.get(
    '/listContents/:lang',
    {
      schema: {
        tags: ['index'],
        params: listContentsParams,
        querystring: listContentsQuery,
        response: { 200: envelope(listContentsResult), 400: errorBody },
      },
    },
    async (request) => {
      const { lang } = request.params;
      const { type } = request.query;
      const where = type ? and(eq(contents.languageId, lang), eq(contents.type, type)) : eq(contents.languageId, lang);
      const rows = await db
        .select({ id: contents.id, title: contents.title, type: contents.type, languageId: contents.languageId })
        .from(contents)
        .where(where)
        .orderBy(asc(contents.type), asc(contents.sortOrder), asc(contents.id));
      return ok(listContentsResult.parse(rows));
    },
  );

  app.get(
    '/getContentsById/:id',
    { schema: { tags: ['index'], params: getContentByIdParams, response: { 200: envelope(contentItem), 400: errorBody } } },
    async (request) => {
      const [row] = await db.select().from(contents).where(eq(contents.id, request.params.id));
      if (!row) throw new ApiFailure('404', 'content not found', 200);
      return ok(
        contentItem.parse({
          id: row.id,
          title: row.title,
          type: row.type,
          languageId: row.languageId,
          body: row.body,
          updatedAt: row.updatedAt.toISOString(),
        }),
      );
    },
  );

  app.get(
    '/getParamByKey/:key',
    { schema: { tags: ['index'], params: getParamParams, response: { 200: envelope(paramResult), 400: errorBody } } },
    async (request) => {
      const value = await settings.get(request.params.key);
      if (value === undefined) throw new ApiFailure('10018', 'system parameters unavailable');
      return ok({ key: request.params.key, value });
    },
  );

  const faqColumns = { id: faqs.id, category: faqs.category, question: faqs.question, answer: faqs.answer };
  const noticeColumns = { id: notices.id, title: notices.title, publishedAt: notices.publishedAt };
  const noticeSummary = (n: { id: number; title: string; publishedAt: Date }) => ({
    id: n.id,
    title: n.title,
    publishedAt: n.publishedAt.toISOString(),
  });

  app.get(
    '/listFaq/:lang',
    { schema: { tags: ['index'], params: langParams, response: { 200: envelope(listFaqResult), 400: errorBody } } },
    async (request) =>
      ok(await db.select(faqColumns).from(faqs).where(eq(faqs.languageId, request.params.lang)).orderBy(asc(faqs.sortOrder), asc(faqs.id))),
  );

  app.get(
    '/listNotices/:lang',
    { schema: { tags: ['index'], params: langParams, response: { 200: envelope(listNoticesResult), 400: errorBody } } },
    async (request) => {
      const rows = await db
        .select(noticeColumns)
        .from(notices)
        .where(eq(notices.languageId, request.params.lang))
        .orderBy(desc(notices.publishedAt), desc(notices.id));
      return ok(rows.map(noticeSummary));
    },
  );

  app.get(
    '/getNoticeById/:id',
    { schema: { tags: ['index'], params: idParams, response: { 200: envelope(noticeItem), 400: errorBody } } },
    async (request) => {
      const [row] = await db.select().from(notices).where(eq(notices.id, request.params.id));
      if (!row) throw new ApiFailure('404', 'notice not found', 404);
      return ok({ ...noticeSummary(row), body: row.body });
    },
  );

  app.get(
    '/searchHelp/:lang',
    {
      schema: {
        tags: ['index'],
        params: langParams,
        querystring: searchHelpQuery,
        response: { 200: envelope(searchHelpResult), 400: errorBody },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      // The query is a literal: LIKE wildcards typed by the user are escaped.
      const pattern = `%${request.query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const lang = request.params.lang;
      const [faqRows, noticeRows] = await Promise.all([
        db
          .select(faqColumns)
          .from(faqs)
          .where(
            and(eq(faqs.languageId, lang), or(ilike(faqs.question, pattern), ilike(faqs.answer, pattern), ilike(faqs.category, pattern))),
          )
          .orderBy(asc(faqs.sortOrder))
          .limit(20),
        db
          .select(noticeColumns)
          .from(notices)
          .where(and(eq(notices.languageId, lang), or(ilike(notices.title, pattern), ilike(notices.body, pattern))))
          .orderBy(desc(notices.publishedAt))
          .limit(20),
      ]);
      return ok({ faqs: faqRows, notices: noticeRows.map(noticeSummary) });
    },
  );
};
