import { afterAll, describe, expect, it } from 'vitest';
import { pgliteStore, postgresStore } from './fault-helpers.ts';
import type { FaultStore } from './fault-helpers.ts';
import { runKillScenario } from './kill-scenario.ts';

/**
 * The API SIGKILLed mid-burst of money calls, restarted on the same data, and every call retried with its
 * Idempotency-Key (kill-scenario.ts): nothing partial is visible, the ledger check passes, each call is done once.
 * A few kills here; `node --import tsx bench/faults/faults-bench.ts kill` runs 50 per database.
 */
const KILLS = Number(process.env.FAULT_KILLS ?? 4);
const stores: FaultStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.remove();
});

async function killRun(store: FaultStore, seed: number) {
  stores.push(store);
  const result = await runKillScenario(store, { kills: KILLS, seed, log: (line) => console.log(line) });
  expect(result.problems).toEqual([]);
  expect(result.rounds).toHaveLength(KILLS);
  expect(result.final.ledger.ok).toBe(true);
  // Something happened and something was cut short: the kills landed inside bursts.
  expect(result.confirmed.buys).toBeGreaterThan(0);
  expect(result.rounds.some((r) => r.answeredBeforeKill < r.burst)).toBe(true);
}

describe('the API killed during a burst of money calls', () => {
  it('on PGlite: recovers its data folder; nothing partial, the ledger balances, retries are done exactly once', async () => {
    await killRun(pgliteStore(), 1401);
  }, 600_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: nothing partial, the ledger balances, retries are done exactly once',
    async () => {
      await killRun(await postgresStore(process.env.TEST_DATABASE_URL!), 1402);
    },
    600_000,
  );
});
