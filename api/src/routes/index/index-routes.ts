import type { FastifyPluginAsync } from 'fastify';
import { contentEndpoints as content } from '@meridian/contracts/endpoints/content';
import { findContentPage, listContentPages } from '../../content/content-pages.ts';
import { findNotice, listFaq, listNotices, searchHelp } from '../../content/help-content.ts';
import type { Database } from '../../db/database.ts';
import type { SettingsCache } from '../../settings/settings-cache.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';

/** The `index` group of SPEC §6: content pages, help and operator settings (markets: market-routes.ts). */
export const indexRoutes: FastifyPluginAsync<{ db: Database; settings: SettingsCache }> = async (app, { db, settings }) => {
  route(app, content.listContents, async (request) => ok(await listContentPages(db, request.params.lang, request.query.type)));

  route(app, content.getContentsById, async (request) => {
    const page = await findContentPage(db, request.params.id);
    // An unknown page is code 404 in the envelope of a 200 answer (unlike a notice).
    if (!page) throw new ApiFailure('404', 'content not found', 200);
    return ok(page);
  });

  route(app, content.getParamByKey, async (request) => {
    const value = await settings.get(request.params.key);
    if (value === undefined) throw new ApiFailure('10018', 'system parameters unavailable');
    return ok({ key: request.params.key, value });
  });

  route(app, content.listFaq, async (request) => ok(await listFaq(db, request.params.lang)));

  route(app, content.listNotices, async (request) => ok(await listNotices(db, request.params.lang)));

  route(app, content.getNoticeById, async (request) => {
    const notice = await findNotice(db, request.params.id);
    if (!notice) throw new ApiFailure('404', 'notice not found', 404);
    return ok(notice);
  });

  route(app, content.searchHelp, async (request) => ok(await searchHelp(db, request.params.lang, request.query.q)), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });
};
