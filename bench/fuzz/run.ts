/**
 * A longer fuzzing run than CI's: the OpenAPI fuzzer (api/test/harness/fuzz.test.ts) with more
 * requests per route and a seed of your choice. (The site server's own routes: deploy/test/site-fuzz.test.ts.)
 *
 *   node --import tsx bench/fuzz/run.ts [runsPerRoute=200] [seed=random]
 *
 * Add TEST_DATABASE_URL=postgres://… to fuzz on PostgreSQL (NUL and 32-bit overflows show there).
 * The seed is printed first: a failing run replays with the same two numbers.
 */
import { spawnSync } from 'node:child_process';

const runs = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? Math.floor(Math.random() * 2 ** 31));
console.info(`fuzz: ${runs} runs per route, seed ${seed}${process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
const result = spawnSync('npx', ['vitest', 'run', 'api/test/harness/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
});
process.exit(result.status ?? 1);
