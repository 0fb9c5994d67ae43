import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, outboxQuery, outboxResult } from '@meridian/contracts/schemas';
import type { Mailer } from '../../accounts/mailer.ts';
import { ok } from '../../plugins/envelope.ts';

/** Development only (never registered in production mode): the newest mails of the embedded outbox. */
export const outboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  app.get(
    '/outbox',
    { schema: { tags: ['development'], querystring: outboxQuery, response: { 200: envelope(outboxResult) } } },
    async (request) => ok(mailer.outbox(request.query.to)),
  );
};
