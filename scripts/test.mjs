// `npm test`: install, then format check, lint, unused code (knip), type-check, build, unit + API tests (PGlite, and
// PostgreSQL when DATABASE_URL is set), and the Playwright suites against the composed site.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnComposedSite } from './composed-site.mjs';
import { ensureInstall } from './ensure-install.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** Ends a child process (SIGTERM, then SIGKILL after 10 s) and resolves once it has exited. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function withThrowawayPostgres(run) {
  const { default: pg } = await import(join(root, 'api', 'node_modules', 'pg', 'lib', 'index.js'));
  const name = `meridian_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

ensureInstall();
const reports = mkdtempSync(join(tmpdir(), 'meridian-test-'));
let ok = true;
ok = step('format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level', 'warn']) && ok;
ok = step('lint (eslint, boundary rules)', bin('eslint'), ['.', '--max-warnings', '0']) && ok;
ok = step('unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress', '--treat-config-hints-as-errors']) && ok;
ok = step('type-check (tsc)', bin('tsc'), ['-p', 'tsconfig.json']) && ok;
ok = step('build (webpack, changed parts only)', process.execPath, ['--import', 'tsx', 'shared/build/src/cli.ts', 'build']) && ok;

const vitestJson = join(reports, 'vitest.json');
ok =
  step('unit + API tests (vitest, PGlite)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]) && ok;
countVitest(vitestJson);

if (process.env.DATABASE_URL) {
  const pgJson = join(reports, 'vitest-pg.json');
  const passed = await withThrowawayPostgres((url) =>
    step(
      'API and registry tests on PostgreSQL',
      bin('vitest'),
      [
        'run',
        'api/test',
        'deploy/test/registry.test.ts',
        '--no-file-parallelism',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${pgJson}`,
      ],
      { TEST_DATABASE_URL: url },
    ),
  );
  countVitest(pgJson);
  ok = passed && ok;
} else {
  console.log('\n=== API tests on PostgreSQL: skipped (DATABASE_URL is not set)');
}
// The fault tests (API processes killed during money calls and restarted under live clients) in a step of
// their own, one file at a time: on PGlite, and on PostgreSQL too when DATABASE_URL is set.
const faultsJson = join(reports, 'vitest-faults.json');
const runFaults = (env) =>
  step(
    'fault injection (SIGKILL during money calls, restarts under live clients)',
    bin('vitest'),
    ['run', 'api/test/faults', '--no-file-parallelism', '--reporter=default', '--reporter=json', `--outputFile.json=${faultsJson}`],
    { MERIDIAN_FAULTS: '1', ...env },
  );
ok = (process.env.DATABASE_URL ? await withThrowawayPostgres((url) => runFaults({ TEST_DATABASE_URL: url })) : runFaults({})) && ok;
countVitest(faultsJson);

if (!process.env.TEST_REDIS_URL) console.log('=== live connection across API nodes: skipped (TEST_REDIS_URL is not set)');

const port = await freePort();
// A local OpenID Connect provider on loopback stands in for Google in the social-login journeys.
const oidcPort = await freePort();
const oidcClient = { id: 'meridian-e2e', secret: `e2e-${process.pid}-${Date.now()}-oidc-secret` };
const oidc = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'e2e/oidc/local-provider.ts',
    String(oidcPort),
    oidcClient.id,
    oidcClient.secret,
    `http://127.0.0.1:${port}/api/loginCallback/google`,
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
const e2eExtraEnv = {
  // The origin the browser uses: social logins return to it and wallet messages name it.
  SITE_ORIGIN: `http://127.0.0.1:${port}`,
  MERIDIAN_OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
  MERIDIAN_OIDC_GOOGLE_CLIENT_ID: oidcClient.id,
  MERIDIAN_OIDC_GOOGLE_CLIENT_SECRET: oidcClient.secret,
};
// Automation's break-glass token (at least 24 characters; release role only).
const operatorToken = `e2e-${randomBytes(24).toString('base64url')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-data-'));
// The first admin's one-time set-up link, as `npm start` prints it: the back-office journey follows it.
const setupLinkFile = join(dataDir, 'setup-link');
console.log(`\n=== composed site for e2e on port ${port}`);
const server = spawnComposedSite({
  port,
  dataDir,
  env: {
    MERIDIAN_ADMIN_TOKEN: operatorToken,
    MERIDIAN_SETUP_LINK_FILE: setupLinkFile,
    // The journeys read emailed codes from the development outbox, which is off unless asked for.
    MERIDIAN_DEV_OUTBOX: '1',
    // Linked withdrawal addresses wait 3 s instead of 24 h, so the withdrawal journey can use one.
    MERIDIAN_WALLET_HOLD_SECONDS: '3',
    // Flash exchange quotes hold 4 s instead of 30 s, so the exchange journey sees one expire.
    MERIDIAN_EXCHANGE_QUOTE_SECONDS: '4',
    // The plans' days move on a clock the smart-plans journey moves forward (POST /api/dev/clock).
    MERIDIAN_TEST_CLOCK: '1',
    // The e2e suites sign many users in from one address; per-address limits are tested in the API suite.
    MERIDIAN_RATE_LIMIT_SCALE: '20',
    // Loopback stands in for the proxy: the release journey sends visitors from distinct networks.
    MERIDIAN_TRUST_PROXY: '127.0.0.1',
    ...e2eExtraEnv,
  },
});
try {
  await waitFor(`http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`, 60_000);
  await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000);
  const pwJson = join(reports, 'playwright.json');
  ok =
    step(
      'e2e (Playwright, Chromium)',
      join(root, 'e2e', 'node_modules', '.bin', 'playwright'),
      ['test', '-c', 'e2e/playwright.config.ts'],
      {
        BASE_URL: `http://127.0.0.1:${port}`,
        MERIDIAN_ADMIN_TOKEN: operatorToken,
        MERIDIAN_DATA_DIR: dataDir,
        MERIDIAN_SETUP_LINK_FILE: setupLinkFile,
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      },
    ) && ok;
  countPlaywright(pwJson);
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  // Wait for the processes this run started to end, so nothing they write lands after the summary.
  await Promise.all([stopChild(server), stopChild(oidc)]);
}
// The site's ledger after the whole e2e suite: every balance rebuilt from its transfers, each currency summing to zero.
try {
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/ledger/check-cli.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MERIDIAN_DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  if (check.status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    ok = false;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// The one plain closing line CI reads, `N passed, N failed` alone on the last line (skipped tests are
// listed by each runner above).
if (totals.skipped) console.log(`\n(skipped tests: ${totals.skipped})`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
