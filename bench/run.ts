/**
 * Budgets of the platform foundation, measured (not timed tests):
 * - gzip JS per part: every remote's `remoteEntry.js` and all of its chunks;
 * - the shell's initial JS: what the browser loads from the shell before the first remote;
 * - cold time from navigation to the first remote mounted, Chromium on loopback, median of runs;
 * - API latency under load and the live connection's fan-out (bench/server-bench.ts);
 * - first load (bench/first-load.ts): Lighthouse mobile on five pages and cold first-remote time, each beside a
 *   bare Module Federation host (bench/baseline) measured in the same run;
 * - live markets (bench/markets-bench.ts): the `/market` page at 4× CPU throttle, then — with the site
 *   stopped — fan-out to 1,000 and 5,000 WebSocket clients against a full-list baseline;
 * - the money core's order calls (bench/orders-bench.ts), with the site stopped: buyContracts, closeContracts and
 *   getUserInfo under load on PGlite, then on PostgreSQL when one answers (also in bench/results/orders.{json,md}).
 * Writes bench/results.json and bench/results.md. Run with `npm run bench` (starts its own site).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTE_NAMES } from '@meridian/contracts';
import { fanoutMarkdown, MARKETS_GOALS, measureMarketsFanout, measureMarketsPage, pageMarkdown } from './markets-bench.ts';
import type { PageResult } from './markets-bench.ts';
import { measureOrders, ordersMarkdown, writeOrdersResults } from './orders-bench.ts';
import { faultsMarkdown, measureFaults, writeFaultsResults } from './faults/faults-bench.ts';
import { firstLoadMarkdown, measureFirstLoad, writeFirstLoadResults } from './first-load.ts';
import type { FirstLoadResults } from './first-load.ts';
import { measureApiLatency, measureFanout } from './server-bench.ts';
import { launchChromium, root, startSite } from './site.ts';
import { median } from './measuring.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET = { shellInitialKb: 130, remoteEntryKb: 30, firstRemoteMs: 600 };

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

let md = '';
let results: Record<string, unknown> = {};
try {
  // Embedded defaults (PGlite, in-process live fan-out), as `npm start` runs on a fresh machine.
  const site = await startSite();
  try {
    const { base } = site;
    const browser = await launchChromium();

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
    // The crypto tab's ticking list; a front end that does not render is reported, not fatal.
    let marketsPage: PageResult | { error: string };
    try {
      marketsPage = await measureMarketsPage(base, browser);
    } catch (error) {
      marketsPage = { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
    }
    await browser.close();
    // First load beside the bare Module Federation baseline (bench/first-load.ts), while the site is fresh.
    let firstLoad: FirstLoadResults | { error: string };
    try {
      firstLoad = await measureFirstLoad(base);
      writeFirstLoadResults(firstLoad);
    } catch (error) {
      firstLoad = { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
    }
    const api = await measureApiLatency(base);
    const fanout = [await measureFanout(base, 100), await measureFanout(base, 1000)];
    const rolloutText = await (await fetch(`${base}/rollout.json`)).text();
    const rolloutBytes = Buffer.byteLength(rolloutText);
    const rolloutGzip = gzipSync(rolloutText).length;
    const remotesInRollout = Object.keys((JSON.parse(rolloutText) as { remotes: object }).remotes).length;

    const shellDist = join(root, 'shell', 'dist');
    const shellInitial = [...shellFiles].reduce((sum, f) => sum + gz(join(shellDist, f)), 0);
    const parts: Record<string, { remoteEntryKb: number; allJsKb: number }> = {};
    for (const remote of REMOTE_NAMES) {
      const dist = join(root, remote, 'dist');
      const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
      parts[remote] = { remoteEntryKb: kb(gz(join(dist, 'remoteEntry.js'))), allJsKb: kb(js.reduce((s, f) => s + gz(join(dist, f)), 0)) };
    }
    const shellAll = readdirSync(shellDist).filter((f) => f.endsWith('.js'));
    const siteResults = {
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
      marketsPage,
      firstLoad,
      budgets: BUDGET,
      withinBudget: {
        shellInitial: kb(shellInitial) <= BUDGET.shellInitialKb,
        remoteEntries: Object.values(parts).every((p) => p.remoteEntryKb <= BUDGET.remoteEntryKb),
        firstRemote: median(coldMs) <= BUDGET.firstRemoteMs,
        compressed: encodings.size > 0,
      },
    };
    results = siteResults;
    const rows = [
      '| part | remoteEntry gzip kB | all JS gzip kB |',
      '| --- | ---: | ---: |',
      `| shell (initial JS loaded before the first remote) | — | ${siteResults.shell.initialJsKb} (budget ${BUDGET.shellInitialKb}) |`,
      ...REMOTE_NAMES.map((r) => `| ${r} | ${parts[r]!.remoteEntryKb} (budget ${BUDGET.remoteEntryKb}) | ${parts[r]!.allJsKb} |`),
    ];
    md = [
      `# Benchmark results (${siteResults.date})`,
      '',
      ...rows,
      '',
      `Cold load, navigation → first remote mounted (/help, ${RUNS} fresh contexts): median **${siteResults.coldFirstRemoteMs.median} ms** (budget ${BUDGET.firstRemoteMs}); runs ${siteResults.coldFirstRemoteMs.runs.join(', ')} ms.`,
      `Served encodings seen: ${siteResults.servedEncodings.join(', ') || 'none'}.`,
      '',
      'API under load (autocannon, 10 connections, 5 s each, PGlite):',
      '',
      '| call | requests/s | p50 ms | p99 ms | non-2xx |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...api.map((a) => `| ${a.call} | ${a.requestsPerSecond} | ${a.p50Ms} | ${a.p99Ms} | ${a.non2xx} |`),
      '',
      `Live fan-out (one market tick, first → last socket on loopback): ${fanout.map((f) => (f.ticks ? `${f.sockets} sockets: median ${f.spreadMedianMs} ms, max ${f.spreadMaxMs} ms over ${f.ticks} ticks` : `${f.sockets} sockets: no tick reached them all`)).join('; ')}.`,
      '',
      `Release plane on the critical path: median ${siteResults.releasePlane.addedMsMedian} ms after the shell's bootstrap starts (resolving + registering: ${siteResults.releasePlane.registerMsMedian} ms; rollout.json fetch, started early: ${siteResults.releasePlane.rolloutFetchMsMedian} ms). rollout.json for ${remotesInRollout} remotes: ${rolloutBytes} bytes (${rolloutGzip} gzip).`,
      '',
      '## Live markets',
      '',
      pageMarkdown(marketsPage),
      '',
      'error' in firstLoad ? `## First load\n\nNot measured: ${firstLoad.error}\n` : firstLoadMarkdown(firstLoad, '##'),
    ].join('\n');
  } finally {
    await site.stop();
  }
} catch (error) {
  // A front end that does not build (or a site that does not start) is reported; the fan-out below still runs.
  const message = error instanceof Error ? error.message : String(error);
  results = { date: new Date().toISOString(), siteError: message };
  md = `# Benchmark results (${results.date as string})\n\nThe site could not be measured: ${message}\n\n## Live markets\n`;
}

// With the site stopped: the fan-out servers and clients have the machine to themselves.
const marketsFanout = await measureMarketsFanout();
results.marketsFanout = marketsFanout;
results.marketsGoals = MARKETS_GOALS;
md += `\n${fanoutMarkdown(marketsFanout)}`;
// Then the order calls, on an API process of their own (PGlite, then PostgreSQL when one answers).
const orders = await measureOrders();
writeOrdersResults(orders);
results.orders = orders;
md += `\n## Order calls\n\n${ordersMarkdown(orders)}`;
// Faults (bench/faults): tens of minutes (50 kills per database, 20 restarts), so only when asked for.
if (process.env.BENCH_FAULTS === '1') {
  const faults = await measureFaults();
  writeFaultsResults(faults);
  results.faults = faults;
  md += `\n## Faults\n\n${faultsMarkdown(faults)}`;
}
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(root, 'bench', 'results.md'), md);
console.log(md);
