/**
 * The ledger property (api/test/trading/ledger-property.test.ts) at length: the same random trading — the
 * sequential run with a prediction per step, and the concurrent batches of orders, closes, options and cash
 * of every currency in both modes — many more runs than CI's fixed-seed pass, on a seed of its own, on PGlite
 * and then on PostgreSQL (a throw-away database `meridian_ledger_property_<pid>`, dropped at the end) when one
 * answers. A failure prints fast-check's counterexample and the seed to replay it with.
 *
 *   node --import tsx bench/ledger-property.ts        writes bench/results/ledger-property.{json,md}
 *
 * Environment: LEDGER_PROPERTY_RUNS_SCALE (20: 500 sequential runs and 160 batched ones, against CI's 25 and 8),
 * LEDGER_PROPERTY_SEED (the time by default; printed), LEDGER_PROPERTY_DATABASES ("pglite,postgres"),
 * BENCH_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const scale = Number(process.env.LEDGER_PROPERTY_RUNS_SCALE ?? 20);
const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? Date.now() % 2_147_483_647);

interface Outcome {
  database: string;
  passed: boolean;
  seconds: number;
  /** The last lines vitest printed (the counterexample when it failed). */
  tail: string;
}

function runVitest(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules/.bin/vitest'), ['run', 'api/test/trading/ledger-property.test.ts'], {
      cwd: root,
      env: { ...process.env, ...env, LEDGER_PROPERTY_RUNS_SCALE: String(scale), LEDGER_PROPERTY_SEED: String(seed) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function measure(database: 'pglite' | 'postgres'): Promise<Outcome | { database: string; skipped: string }> {
  let env: Record<string, string> = {};
  let drop = async () => undefined as void;
  if (database === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    // The suite's own helper (loaded only here: it brings the API's test set-up and pg with it).
    const { ownPostgres } = await import('../api/test/helpers.ts');
    let own: Awaited<ReturnType<typeof ownPostgres>>;
    try {
      own = await ownPostgres(adminUrl);
    } catch (error) {
      return { database, skipped: `no PostgreSQL at ${adminUrl}: ${(error as Error).message}` };
    }
    env = { TEST_DATABASE_URL: own.url };
    drop = own.drop;
  }
  const started = performance.now();
  try {
    const { code, output } = await runVitest(env);
    const clean = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    return {
      database,
      passed: code === 0,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      tail: clean.split('\n').slice(-40).join('\n'),
    };
  } finally {
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = (process.env.LEDGER_PROPERTY_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
  console.log(`ledger property: runs × ${scale}, seed ${seed}`);
  const outcomes = [];
  for (const database of wanted) {
    const outcome = await measure(database);
    outcomes.push(outcome);
    if ('skipped' in outcome) console.log(`${database}: skipped (${outcome.skipped})`);
    else
      console.log(
        `${database}: ${outcome.passed ? 'passed' : 'FAILED'} in ${outcome.seconds} s${outcome.passed ? '' : `\n${outcome.tail}`}`,
      );
  }
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ledger-property.json'), JSON.stringify({ when: new Date().toISOString(), scale, seed, outcomes }, null, 2));
  const md = [
    `# Ledger property, long run (runs × ${scale}, seed ${seed})`,
    '',
    '| database | result | seconds |',
    '| --- | --- | --- |',
    ...outcomes.map((o) =>
      'skipped' in o ? `| ${o.database} | skipped | |` : `| ${o.database} | ${o.passed ? 'passed' : 'failed'} | ${o.seconds} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(join(dir, 'ledger-property.md'), md);
  if (outcomes.some((o) => 'passed' in o && !o.passed)) process.exitCode = 1;
}
