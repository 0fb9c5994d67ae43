/**
 * Faults, the long runs of api/test/faults (see bench/README.md, "Faults"):
 * - `kill`: the API SIGKILLed mid-burst of money calls `BENCH_FAULT_KILLS` times (50) on PGlite, then on
 *   PostgreSQL (a throw-away database) — after each kill the store is checked (ledger, nothing partial, no repeated
 *   transfer) and every call of the burst is retried with its Idempotency-Key (done exactly once);
 * - `restart`: the API restarted `BENCH_FAULT_RESTARTS` times (20; clean stop and SIGKILL in turn) on PGlite with
 *   100 live clients (10 users × 10 sockets): worst and median resync time after the API listens again (goal ≤ 6 s).
 *
 *   node --import tsx bench/faults/faults-bench.ts [kill|restart|all]
 *
 * Environment: `BENCH_FAULT_KILLS` (50), `BENCH_FAULT_RESTARTS` (20), `BENCH_FAULT_DATABASES` (`pglite,postgres`),
 * `BENCH_FAULT_SEED` (14), PostgreSQL at `BENCH_DATABASE_URL`, else `DATABASE_URL`, else
 * `postgres://postgres@127.0.0.1:5432/postgres` (skipped with a note when none answers).
 * Writes bench/results/faults.json and faults.md.
 */
import type { FaultStore } from '../../api/test/faults/fault-helpers.ts';
import type { KillResult } from '../../api/test/faults/kill-scenario.ts';
import type { RestartResult } from '../../api/test/faults/restart-scenario.ts';
import { writeResults } from '../measuring.ts';

/** The resync a client waits once it is back (its retry is up to 5 s after the API listens). */
const RESYNC_GOAL_MS = 1_500;

type Outcome<T> = T | { kind: string; error: string } | { kind: string; skipped: string };

export interface FaultsSuite {
  date: string;
  cores: number;
  loadAverageAtStart: number[];
  kills: Outcome<KillResult>[];
  restarts: Outcome<RestartResult>[];
}

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error));

async function store(kind: string): Promise<FaultStore | { skipped: string }> {
  const { pgliteStore, postgresStore } = await import('../../api/test/faults/fault-helpers.ts');
  if (kind === 'pglite') return pgliteStore();
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    return await postgresStore(url);
  } catch (error) {
    return { skipped: `PostgreSQL not usable at ${url.replace(/\/\/[^@/]*@/, '//…@')}: ${message(error)}` };
  }
}

export async function measureFaults(what: 'kill' | 'restart' | 'all' = 'all'): Promise<FaultsSuite> {
  // Loaded here: bench/run.ts imports this file without loading the API.
  const { runKillScenario } = await import('../../api/test/faults/kill-scenario.ts');
  const { runRestartScenario } = await import('../../api/test/faults/restart-scenario.ts');
  const { loadavg, cpus } = await import('node:os');
  const suite: FaultsSuite = {
    date: new Date().toISOString(),
    cores: cpus().length,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    kills: [],
    restarts: [],
  };
  const log = (line: string) => console.log(line);
  const seed = Number(process.env.BENCH_FAULT_SEED ?? 14);
  const kinds = (process.env.BENCH_FAULT_DATABASES ?? 'pglite,postgres').split(',').map((k) => k.trim());
  if (what !== 'restart') {
    for (const kind of kinds) {
      const target = await store(kind);
      if ('skipped' in target) {
        suite.kills.push({ kind, skipped: target.skipped });
        continue;
      }
      try {
        suite.kills.push(await runKillScenario(target, { kills: Number(process.env.BENCH_FAULT_KILLS ?? 50), seed, log }));
      } catch (error) {
        suite.kills.push({ kind, error: message(error) });
      } finally {
        await target.remove();
      }
    }
  }
  if (what !== 'kill') {
    const target = await store('pglite');
    if ('skipped' in target) throw new Error(target.skipped);
    try {
      suite.restarts.push(await runRestartScenario(target, { restarts: Number(process.env.BENCH_FAULT_RESTARTS ?? 20), log }));
    } catch (error) {
      suite.restarts.push({ kind: 'pglite', error: message(error) });
    } finally {
      await target.remove();
    }
  }
  return suite;
}

const ms = (xs: number[]) => (xs.length ? `${Math.min(...xs)}–${Math.max(...xs)}` : '—');

export function faultsMarkdown(suite: FaultsSuite): string {
  const lines = [
    `Faults (${suite.date}; ${suite.cores} cores, load average at the start ${suite.loadAverageAtStart.join(' / ')}).`,
    '',
    '| kills | database | rounds | calls | answered before the kill | unanswered, done before it | done by the retry | restart ms | orders / options / closes confirmed | problems |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const run of suite.kills) {
    if ('rounds' in run) {
      const sum = (pick: (r: KillResult['rounds'][number]) => number) => run.rounds.reduce((s, r) => s + pick(r), 0);
      lines.push(
        `| SIGKILL mid-burst | ${run.kind} | ${run.rounds.length} | ${sum((r) => r.burst)} | ${sum((r) => r.answeredBeforeKill)} | ` +
          `${sum((r) => r.doneBeforeKillUnanswered)} | ${sum((r) => r.doneByRetry)} | ${ms(run.rounds.map((r) => r.restartMs))} | ` +
          `${run.confirmed.buys} / ${run.confirmed.options} / ${run.confirmed.closes} | ${run.problems.length ? `✗ ${run.problems.slice(0, 3).join('; ')}` : '✓ none'} |`,
      );
    } else
      lines.push(`| SIGKILL mid-burst | ${run.kind} | — | — | — | — | — | — | — | ${'error' in run ? `✗ ${run.error}` : run.skipped} |`);
  }
  lines.push(
    '',
    "| restarts | database | clients | rounds | not resynced | missed retries | worst resync ms | median resync ms | worst from the client's retry ms | goal | down ms (stop → listening) |",
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  );
  for (const run of suite.restarts) {
    if ('rounds' in run) {
      lines.push(
        `| clean stop / SIGKILL in turn | ${run.kind} | ${run.clients} | ${run.rounds.length} | ${run.notResynced} | ${run.missedRetries} | ${run.worstResyncMs} | ` +
          `${run.medianResyncMs} | ${run.worstFromRetryMs} | ${run.worstFromRetryMs <= RESYNC_GOAL_MS && run.missedRetries === 0 && run.notResynced === 0 ? '✓' : '✗'} ≤ ${RESYNC_GOAL_MS} from the retry | ${ms(run.rounds.map((r) => r.downMs))} |`,
      );
    } else
      lines.push(
        `| clean stop / SIGKILL in turn | ${run.kind} | — | — | — | — | — | — | — | — | ${'error' in run ? `✗ ${run.error}` : run.skipped} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

export function writeFaultsResults(suite: FaultsSuite): void {
  writeResults('faults', suite, faultsMarkdown(suite));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const what = process.argv[2] ?? 'all';
  if (what !== 'kill' && what !== 'restart' && what !== 'all') {
    console.error('usage: faults-bench.ts [kill|restart|all]');
    process.exit(2);
  }
  const suite = await measureFaults(what);
  writeFaultsResults(suite);
  console.log(faultsMarkdown(suite));
}
