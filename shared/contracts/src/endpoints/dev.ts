import { z } from 'zod';
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
  devClock: {
    method: 'POST',
    path: '/api/dev/clock',
    summary: "Moves a test site's clock of day-counted products forward and runs their due work (MERIDIAN_TEST_CLOCK=1 only)",
    body: z.object({
      advanceMs: z
        .number()
        .int()
        .min(0)
        .max(400 * 24 * 60 * 60 * 1000),
    }),
    result: z.object({ now: z.string() }),
    callers: 'anonymous',
  },
});
