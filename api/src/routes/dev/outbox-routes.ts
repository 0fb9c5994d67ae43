import type { FastifyPluginAsync } from 'fastify';
import { devEndpoints as dev } from '@meridian/contracts/endpoints/dev';
import type { Mailer } from '../../accounts/mailer.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';

/**
 * Development only: the newest mails of the embedded outbox. Its codes sign anyone in, so it is served
 * only when asked for (`devOutbox`, MERIDIAN_DEV_OUTBOX=1) and never in production mode even then.
 */
export const outboxRoutes: FastifyPluginAsync<{ mailer: Mailer }> = async (app, { mailer }) => {
  if (process.env.NODE_ENV === 'production') {
    app.log.warn('the development outbox is never served in production mode');
    return;
  }
  route(app, dev.devOutbox, async (request) => ok(mailer.outbox(request.query.to)));
};
