import type { FastifyPluginAsync } from 'fastify';
import { contentAdminEndpoints as contentApi } from '@meridian/contracts/endpoints/content-admin';
import type { ContentAdmin } from '../../content/content-admin.ts';
import { sanitizeReport } from '../../content/sanitize-content.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';

/** The site's content as operators edit it: every body goes through the same sanitizer the preview shows. */
export const contentRoutes: FastifyPluginAsync<{ content: ContentAdmin }> = async (app, { content }) => {
  route(app, contentApi.listContent, async (request) => ok(await content.list(request.query.kind, request.query.lang)));

  route(app, contentApi.previewContent, async (request) => ok(sanitizeReport(request.body.body)));

  route(app, contentApi.createContent, async (request) => ok(await content.create(operatorOf(request), request.params.kind, request.body)));

  route(app, contentApi.updateContent, async (request) =>
    ok(await content.update(operatorOf(request), request.params.kind, request.params.id, request.body)),
  );
};
