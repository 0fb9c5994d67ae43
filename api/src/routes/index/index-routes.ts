import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentItem,
  envelope,
  getContentByIdParams,
  getParamParams,
  listContentsParams,
  listContentsQuery,
  listContentsResult,
  paramResult,
} from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { contents, settings } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

const errorBody = envelope(z.null());

/** The `index` group of SPEC §6 that exists so far: content pages and operator settings. */
export const indexRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
      const [row] = await db.select().from(settings).where(eq(settings.key, request.params.key));
      if (!row) throw new ApiFailure('10018', 'system parameters unavailable');
      return ok({ key: row.key, value: row.value });
    },
  );
};
