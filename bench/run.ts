/**
 * Budgets of the platform foundation, measured (not timed tests):
 * - gzip JS per part: every remote's `remoteEntry.js` and all of its chunks;
 * - the shell's initial JS: what the browser loads from the shell before the first remote;
 * - cold time from navigation to the first remote mounted, Chromium on loopback, median of runs;
 * - API latency under load and the live connection's fan-out (bench/server-bench.ts).
 * Writes bench/results.json and bench/results.md. Run with `npm run bench` (starts its own site).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { measureApiLatency, measureFanout } from './server-bench.ts';

const root = join(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const REMOTES = ['mfe-markets', 'mfe-trading', 'mfe-loans', 'mfe-nfts', 'mfe-account', 'mfe-help', 'mfe-backoffice'];
const BUDGET = { shellInitialKb: 110, remoteEntryKb: 30, firstRemoteMs: 600 };

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 400; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no answer from ${url}`);
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'deploy/src/start.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  // Embedded defaults (PGlite, in-process live fan-out), as `npm start` runs on a fresh machine.
  env: { ...process.env, PORT: String(port), MERIDIAN_DATA_DIR: dataDir, MERIDIAN_LOG: 'silent', DATABASE_URL: '', REDIS_URL: '' },
});

try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });

  const coldMs: number[] = [];
  const releaseRuns: { addedMs: number; registerMs: number; rolloutFetchMs: number }[] = [];
  let shellFiles = new Set<string>();

  const encodings = new Set<string>();
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      sessionStorage.setItem('meridian.introSeen', '1');
      const w = window as unknown as { __firstRemoteMs?: number; __resourcesAtMount?: string[] };
      new MutationObserver((_m, observer) => {
        const mounted = document.querySelector('#outlet [data-remote="mfe-help"] > *');
        if (mounted && w.__firstRemoteMs === undefined) {
          w.__firstRemoteMs = performance.now();
          w.__resourcesAtMount = performance
            .getEntriesByType('resource')
            .map((e) => `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name}`);
          try {
            // No named helper functions here: the bundler would wrap them in a helper the page lacks.
            const marks = ['meridian:bootstrap', 'meridian:register-start', 'meridian:remotes-registered'].map(
              (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN,
            );
            const rollout = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/rollout.json')) as
              PerformanceResourceTiming | undefined;
            (w as unknown as { __release?: unknown }).__release = {
              // What the release plane adds on the critical path: waiting for rollout.json after the
              // shared modules are ready, plus resolving versions and registering the plugin and remotes.
              addedMs: Math.max(0, marks[2]! - marks[0]!),
              registerMs: marks[2]! - marks[1]!,
              rolloutFetchMs: rollout ? rollout.responseEnd - rollout.startTime : NaN,
            };
          } catch (error) {
            (w as unknown as { __release?: unknown }).__release = { error: String(error) };
          }
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.on('response', (res) => {
      const enc = res.headers()['content-encoding'];
      if (res.url().endsWith('.js') && enc) encodings.add(enc);
    });
    await page.goto(`${base}/help`);
    await page.waitForFunction(() => (window as unknown as { __firstRemoteMs?: number }).__firstRemoteMs !== undefined, null, {
      timeout: 30_000,
    });
    coldMs.push(await page.evaluate(() => (window as unknown as { __firstRemoteMs: number }).__firstRemoteMs));
    releaseRuns.push(
      await page.evaluate(
        () => (window as unknown as { __release: { addedMs: number; registerMs: number; rolloutFetchMs: number } }).__release,
      ),
    );
    // The shell's initial JS: the shell's own files (its artifact folder) loaded when the first remote mounted.
    const atMount = await page.evaluate(() => (window as unknown as { __resourcesAtMount: string[] }).__resourcesAtMount);
    if (process.env.BENCH_VERBOSE) console.log(atMount.join('\n'));
    shellFiles = new Set(
      atMount
        .map((line) => new URL(line.split(' ')[1]!).pathname)
        .filter((path) => path.endsWith('.js') && path.startsWith('/artifacts/shell/'))
        .map((path) => basename(path)),
    );
    await context.close();
  }
  await browser.close();
  const api = await measureApiLatency(base);
  const fanout = [await measureFanout(base, 100), await measureFanout(base, 1000)];
  const rolloutText = await (await fetch(`${base}/rollout.json`)).text();
  const rolloutBytes = Buffer.byteLength(rolloutText);
  const rolloutGzip = gzipSync(rolloutText).length;
  const remotesInRollout = Object.keys((JSON.parse(rolloutText) as { remotes: object }).remotes).length;

  const shellDist = join(root, 'shell', 'dist');
  const shellInitial = [...shellFiles].reduce((sum, f) => sum + gz(join(shellDist, f)), 0);
  const parts: Record<string, { remoteEntryKb: number; allJsKb: number }> = {};
  for (const remote of REMOTES) {
    const dist = join(root, remote, 'dist');
    const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
    parts[remote] = { remoteEntryKb: kb(gz(join(dist, 'remoteEntry.js'))), allJsKb: kb(js.reduce((s, f) => s + gz(join(dist, f)), 0)) };
  }
  const shellAll = readdirSync(shellDist).filter((f) => f.endsWith('.js'));
  const results = {
    date: new Date().toISOString(),
    machine: 'loopback, headless Chromium',
    runs: RUNS,
    shell: {
      initialJsKb: kb(shellInitial),
      initialFiles: [...shellFiles].sort(),
      allJsKb: kb(shellAll.reduce((s, f) => s + gz(join(shellDist, f)), 0)),
    },
    remotes: parts,
    coldFirstRemoteMs: { median: Math.round(median(coldMs)), runs: coldMs.map(Math.round) },
    releasePlane: {
      addedMsMedian: Math.round(median(releaseRuns.map((r) => r.addedMs)) * 10) / 10,
      registerMsMedian: Math.round(median(releaseRuns.map((r) => r.registerMs)) * 10) / 10,
      rolloutFetchMsMedian: Math.round(median(releaseRuns.map((r) => r.rolloutFetchMs)) * 10) / 10,
      rolloutJsonBytes: rolloutBytes,
      rolloutJsonGzipBytes: rolloutGzip,
      remotesInRollout: remotesInRollout,
    },
    servedEncodings: [...encodings],
    api,
    liveFanout: fanout,
    budgets: BUDGET,
    withinBudget: {
      shellInitial: kb(shellInitial) <= BUDGET.shellInitialKb,
      remoteEntries: Object.values(parts).every((p) => p.remoteEntryKb <= BUDGET.remoteEntryKb),
      firstRemote: median(coldMs) <= BUDGET.firstRemoteMs,
      compressed: encodings.size > 0,
    },
  };
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const rows = [
    '| part | remoteEntry gzip kB | all JS gzip kB |',
    '| --- | ---: | ---: |',
    `| shell (initial JS loaded before the first remote) | — | ${results.shell.initialJsKb} (budget ${BUDGET.shellInitialKb}) |`,
    ...REMOTES.map((r) => `| ${r} | ${parts[r]!.remoteEntryKb} (budget ${BUDGET.remoteEntryKb}) | ${parts[r]!.allJsKb} |`),
  ];
  const md = [
    `# Benchmark results (${results.date})`,
    '',
    ...rows,
    '',
    `Cold load, navigation → first remote mounted (/help, ${RUNS} fresh contexts): median **${results.coldFirstRemoteMs.median} ms** (budget ${BUDGET.firstRemoteMs}); runs ${results.coldFirstRemoteMs.runs.join(', ')} ms.`,
    `Served encodings seen: ${results.servedEncodings.join(', ') || 'none'}.`,
    '',
    'API under load (autocannon, 10 connections, 5 s each, PGlite):',
    '',
    '| call | requests/s | p50 ms | p99 ms | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...api.map((a) => `| ${a.call} | ${a.requestsPerSecond} | ${a.p50Ms} | ${a.p99Ms} | ${a.non2xx} |`),
    '',
    `Live fan-out (one market tick, first → last socket on loopback): ${fanout.map((f) => (f.ticks ? `${f.sockets} sockets: median ${f.spreadMedianMs} ms, max ${f.spreadMaxMs} ms over ${f.ticks} ticks` : `${f.sockets} sockets: no tick reached them all`)).join('; ')}.`,
    '',
    `Release plane on the critical path: median ${results.releasePlane.addedMsMedian} ms after the shell's bootstrap starts (resolving + registering: ${results.releasePlane.registerMsMedian} ms; rollout.json fetch, started early: ${results.releasePlane.rolloutFetchMsMedian} ms). rollout.json for ${remotesInRollout} remotes: ${rolloutBytes} bytes (${rolloutGzip} gzip).`,
    '',
  ].join('\n');
  writeFileSync(join(root, 'bench', 'results.md'), md);
  console.log(md);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
