import { defineEndpoints } from '../endpoint.ts';
import { outboxQuery, outboxResult } from '../accounts.ts';

/** Development only: served when the API is started with its embedded outbox, never in production mode. */
export const devEndpoints = defineEndpoints('dev', {
  devOutbox: {
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'The newest mails the embedded outbox holds for an address (development only)',
    query: outboxQuery,
    result: outboxResult,
    callers: 'anonymous',
  },
});
