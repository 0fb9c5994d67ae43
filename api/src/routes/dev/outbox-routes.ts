import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, outboxQuery, outboxResult } from '@meridian/contracts/schemas';
import type { Mailer } from '../../accounts/mailer.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * Development only: the newest mails of the embedded outbox. Its codes sign anyone in, so it is served
 * only when asked for (`devOutbox`, MERIDIAN_DEV_OUTBOX=1) and never in production mode even then.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  if (process.env.NODE_ENV === 'production') {
    app.log.warn('the development outbox is never served in production mode');
    return;
  }
  app.get(
    '/outbox',
    { schema: { tags: ['development'], querystring: outboxQuery, response: { 200: envelope(outboxResult) } } },
    async (request) => ok(mailer.outbox(request.query.to)),
  );
};
