import { afterAll, describe, expect, it } from 'vitest';
import { pgliteStore } from './fault-helpers.ts';
import type { FaultStore } from './fault-helpers.ts';
import { RETRY_MS, runRestartScenario } from './restart-scenario.ts';

/**
 * The API restarted (clean stop and SIGKILL in turn) with 100 live clients (10 users × 10 sockets) connected
 * (restart-scenario.ts): each client is back on its first retry after the API listens again, with a full MARKETS
 * frame, AUTH_SUCCESS and the balance changed while it was away. A few restarts here;
 * `bench/faults/faults-bench.ts restart` runs 20 and quotes the times against the goal.
 *
 * The client retries 5 s after an abnormal close (SPEC §4, LIVE_TIMINGS.retryMs), so a client is back within its
 * next retry plus the resync the API serves it. The resync is a time and scales with the machine (100 clients on a
 * just-started process: 0.6 s measured from the client's own retry on an idle 2-core machine, 1.35 s with three
 * busy processes sharing its cores; a CI run on a machine three times slower than usual went past 1.5 s), so the
 * bench quotes it; this test asserts what does not depend on the machine's speed: no client misses its retry, every
 * client resyncs on it, and none waits a whole retry interval more for its resync.
 */
const RESTARTS = Number(process.env.FAULT_RESTARTS ?? 5);
let store: FaultStore | null = null;
afterAll(async () => {
  await store?.remove();
});

describe('the API restarted with 100 live clients', () => {
  it('every client reconnects, resyncs and sees the balance changed while it was away, on its first retry after the API listens', async () => {
    store = pgliteStore();
    const result = await runRestartScenario(store, {
      restarts: RESTARTS,
      resyncLimitMs: RETRY_MS + 1_500,
      log: (line) => console.log(line),
    });
    expect(result.clients).toBe(100);
    expect(result.rounds).toHaveLength(RESTARTS);
    expect(result.final.problems).toEqual([]);
    expect(result.notResynced).toBe(0);
    expect(result.missedRetries).toBe(0);
    // Resynced before the client would have tried once more: the resync is served, not waited out.
    expect(result.worstFromRetryMs).toBeLessThan(RETRY_MS);
    expect(result.worstResyncMs).toBeLessThan(2 * RETRY_MS);
  }, 900_000);
});
