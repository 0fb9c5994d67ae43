import type { FastifyPluginAsync } from 'fastify';
import { devEndpoints as dev } from '@meridian/contracts/endpoints/dev';
import type { TestClock } from '../../jobs/test-clock.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';

/**
 * A test site only (MERIDIAN_TEST_CLOCK=1; never in production mode): moves the day-counted products'
 * clock forward and runs their due work at once, so a journey sees a plan's days pass.
 */
export const clockRoutes: FastifyPluginAsync<{ clock: TestClock; runJobs: () => Promise<unknown> }> = async (app, { clock, runJobs }) => {
  if (process.env.NODE_ENV === 'production') {
    app.log.warn('the test clock is never served in production mode');
    return;
  }
  route(app, dev.devClock, async (request) => {
    const at = clock.advance(request.body.advanceMs);
    await runJobs();
    return ok({ now: new Date(at).toISOString() });
  });
};
