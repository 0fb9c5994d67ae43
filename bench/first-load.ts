/**
 * First load, Meridian beside a bare Module Federation host (`bench/baseline/`), on the same machine in one run:
 * - Lighthouse (mobile defaults: simulated throttling, 4× CPU), performance only, 3 cold runs per page — `/`,
 *   `/market`, `/cruuency`, `/help`, `/pass/login` and the baseline's `/` — a fresh Chromium (fresh profile) each;
 * - cold navigation → first remote mounted (Playwright, fresh contexts, Meridian `/help` and the baseline `/`
 *   alternating) at 1× and 4× CPU;
 * - the shell's initial JS (gzip 9), and the baseline host's for comparison.
 * Budgets (BUDGETS below) are flagged ✓/✗; run alone, a missed budget sets a non-zero exit code.
 *
 * `node --import tsx bench/first-load.ts [--no-build]` (starts the site, building the front end unless `--no-build`).
 * `bench/run.ts` calls `measureFirstLoad(base)` with the site it started. Results: bench/results/first-load.{md,json},
 * each page's median Lighthouse run in bench/results/lighthouse/<page>.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import type { Browser } from 'playwright-core';
import { buildBaseline } from './baseline/build.ts';
import { launchChromium, root, startSite } from './site.ts';
import { median, writeResults } from './measuring.ts';

export const BUDGETS = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1, mountRatio: 1.3, shellInitialKb: 130 };
export const PAGES = ['/', '/market', '/cruuency', '/help', '/pass/login'] as const;
const LIGHTHOUSE_RUNS = 3;
const RATES = [1, 4] as const;
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const resultsDir = join(root, 'bench', 'results');

const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;
const kb = (bytes: number) => round(bytes / 1024, 1);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

export interface LighthousePage {
  page: string;
  /** Which side: Meridian's page or the baseline's `/`. */
  side: 'meridian' | 'baseline';
  runs: number;
  /** Median of the runs (0–100); null when no run gave a score. */
  score: number | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  scores: (number | null)[];
  /** Of the median run (by score). */
  lcpElement: string | null;
  longTasks: { url: string; ms: number }[];
  lhrFile: string | null;
  /**
   * Lighthouse's measure of this machine's speed during the runs (median): its simulated 4× CPU slowdown
   * is applied to what this machine does, so TBT and long tasks grow on a slower machine.
   */
  benchmarkIndex: number | null;
  errors: string[];
  withinBudget?: { score: boolean; lcp: boolean; tbt: boolean; cls: boolean };
}

export interface MountSide {
  medianMs: number;
  runs: number[];
  failures: string[];
}

export interface FirstLoadResults {
  date: string;
  machine: { cores: number; loadAverageAtStart: number[]; chromium: string };
  lighthouse: LighthousePage[];
  coldMount: { runs: number; rates: { rate: number; meridian: MountSide; baseline: MountSide; ratio: number; withinBudget: boolean }[] };
  shellInitial: {
    kb: number;
    files: string[];
    withinBudget: boolean;
    baselineHostKb: number;
    baselineHostFiles: string[];
    notes: string[];
  };
  budgets: typeof BUDGETS;
  withinBudget: boolean;
}

// ---------------------------------------------------------------------------------------------------------------------
// Lighthouse

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? NaN;
}

/** The first `selector` in an audit's details (the LCP element's node). */
function firstSelector(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const node = value as { type?: unknown; selector?: unknown };
  if (node.type === 'node' && typeof node.selector === 'string') return node.selector;
  for (const child of Object.values(value)) {
    const found = firstSelector(child);
    if (found) return found;
  }
  return null;
}

function longestTasks(lhr: Result, count: number): { url: string; ms: number }[] {
  const details = lhr.audits['long-tasks']?.details as { items?: { url?: unknown; duration?: unknown }[] } | undefined;
  return (details?.items ?? [])
    .map((item) => ({ url: String(item.url ?? ''), ms: round(Number(item.duration ?? 0)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** One cold Lighthouse run: a fresh Chromium (chrome-launcher gives it a fresh profile), performance only. */
async function lighthouseRun(url: string): Promise<Result> {
  const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    // The default config is mobile: formFactor mobile, simulated throttling with 4× CPU.
    const flags: Flags = { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('lighthouse gave no result');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const pageFile = (page: string, side: 'meridian' | 'baseline') =>
  side === 'baseline' ? 'baseline' : page === '/' ? 'home' : page.replace(/^\//, '').replace(/\//g, '-');

async function measureLighthouse(targets: { page: string; side: 'meridian' | 'baseline'; url: string }[]): Promise<LighthousePage[]> {
  const runs = new Map<string, { lhr: Result | null; error?: string }[]>();
  // Pages interleaved run by run, so a slow moment of the machine does not fall on one page only.
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    for (const target of targets) {
      const key = `${target.side} ${target.page}`;
      let entry: { lhr: Result | null; error?: string };
      try {
        const lhr = await lighthouseRun(target.url);
        entry = lhr.runtimeError ? { lhr: null, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : { lhr };
      } catch (error) {
        entry = { lhr: null, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
      }
      const score = entry.lhr?.categories.performance?.score;
      console.log(
        `lighthouse ${key} run ${run + 1}/${LIGHTHOUSE_RUNS}: ${entry.error ?? `score ${score == null ? '—' : Math.round(score * 100)}`}`,
      );
      runs.set(key, [...(runs.get(key) ?? []), entry]);
    }
  }
  mkdirSync(join(resultsDir, 'lighthouse'), { recursive: true });
  return targets.map((target) => {
    const entries = runs.get(`${target.side} ${target.page}`) ?? [];
    const lhrs = entries.flatMap((e) => (e.lhr ? [e.lhr] : []));
    const scoreOf = (lhr: Result) => {
      const s = lhr.categories.performance?.score;
      return s == null ? null : Math.round(s * 100);
    };
    const scored = lhrs.filter((l) => scoreOf(l) !== null).sort((a, b) => scoreOf(a)! - scoreOf(b)!);
    const medianRun = scored[Math.floor((scored.length - 1) / 2)] ?? lhrs[0];
    let lhrFile: string | null = null;
    if (medianRun) {
      lhrFile = join('bench', 'results', 'lighthouse', `${pageFile(target.page, target.side)}.json`);
      writeFileSync(join(root, lhrFile), JSON.stringify(medianRun));
    }
    const scores = entries.map((e) => (e.lhr ? scoreOf(e.lhr) : null));
    const valid = scores.filter((s): s is number => s !== null);
    const metric = (audit: string) => median(lhrs.map((l) => numeric(l, audit)).filter((x) => Number.isFinite(x)));
    return {
      page: target.page,
      side: target.side,
      runs: entries.length,
      // A run that failed counts as a score of 0: a page that does not load misses the budget.
      score: valid.length ? median(scores.map((s) => s ?? 0)) : null,
      lcpMs: round(metric('largest-contentful-paint')),
      tbtMs: round(metric('total-blocking-time')),
      cls: round(metric('cumulative-layout-shift'), 3),
      fcpMs: round(metric('first-contentful-paint')),
      siMs: round(metric('speed-index')),
      scores,
      lcpElement: medianRun ? firstSelector(medianRun.audits['largest-contentful-paint-element']?.details) : null,
      longTasks: medianRun ? longestTasks(medianRun, 3) : [],
      lhrFile,
      benchmarkIndex: lhrs.length ? round(median(lhrs.map((l) => l.environment.benchmarkIndex))) : null,
      errors: entries.flatMap((e) => (e.error ? [e.error] : [])),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Cold navigation → first remote mounted

interface MountRun {
  ms: number;
  /** `<startTime>-<responseEnd> <url>` of every resource loaded when the remote mounted. */
  resources: string[];
}

async function coldMount(browser: Browser, url: string, selector: string, rate: number, introSeen: boolean): Promise<MountRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(
      ({ sel, intro }) => {
        if (intro) sessionStorage.setItem('meridian.introSeen', '1');
        const w = window as unknown as { __firstRemoteMs?: number; __resourcesAtMount?: string[] };
        new MutationObserver((_m, observer) => {
          if (w.__firstRemoteMs === undefined && document.querySelector(sel)) {
            w.__firstRemoteMs = performance.now();
            w.__resourcesAtMount = performance
              .getEntriesByType('resource')
              .map((e) => `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name}`);
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      },
      { sel: selector, intro: introSeen },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __firstRemoteMs?: number }).__firstRemoteMs !== undefined, null, {
      timeout: 60_000,
    });
    return await page.evaluate(() => {
      const w = window as unknown as { __firstRemoteMs: number; __resourcesAtMount: string[] };
      return { ms: w.__firstRemoteMs, resources: w.__resourcesAtMount };
    });
  } finally {
    await context.close();
  }
}

/** The `.js` files under `prefix` among the resources loaded at mount, by file name. */
const jsUnder = (resources: string[], prefix: string) =>
  new Set(resources.map((line) => new URL(line.split(' ')[1]!).pathname).filter((path) => path.endsWith('.js') && path.startsWith(prefix)));

/** gzip -9 of each file: from `dist` by name (as bench/run.ts), else as served (a rebuilt dist no longer has it). */
async function gzipTotal(base: string, paths: Set<string>, dist: string, notes: string[]): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const file = join(dist, basename(path));
    if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length;
    else {
      notes.push(`${basename(path)} not in ${dist.slice(root.length + 1)} (rebuilt?): measured as served`);
      total += gzipSync(Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer()), { level: 9 }).length;
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------------------
// The baseline's server, a process of its own as the site is

async function startBaseline(): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline/serve.ts', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('BASELINE ')) resolve((JSON.parse(line.slice('BASELINE '.length)) as { base: string }).base);
    });
    void exited.then(() => reject(new Error('bench: the baseline server stopped before it answered')));
  });
  return {
    base,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------

/** The range of the pages' median Lighthouse benchmark indexes. */
function benchmarkIndexes(r: FirstLoadResults): string {
  const values = r.lighthouse.flatMap((p) => (p.benchmarkIndex === null ? [] : [p.benchmarkIndex]));
  return values.length ? `${Math.min(...values)}–${Math.max(...values)}` : 'unknown';
}

/** Measures first load on the site at `base` (already running) and on the baseline, which it builds and serves. */
export async function measureFirstLoad(base: string): Promise<FirstLoadResults> {
  const loadAverageAtStart = loadavg().map((x) => round(x, 2));
  const cores = cpus().length;
  console.log(`first-load: load average ${loadAverageAtStart.join(', ')} on ${cores} cores`);
  const mountRuns = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 7);

  const { hostDir } = await buildBaseline();
  const baseline = await startBaseline();
  try {
    const lighthousePages = await measureLighthouse([
      ...PAGES.map((page) => ({ page, side: 'meridian' as const, url: `${base}${page}` })),
      { page: '/', side: 'baseline' as const, url: `${baseline.base}/` },
    ]);
    for (const p of lighthousePages) {
      if (p.side === 'baseline') continue;
      p.withinBudget = {
        score: p.score !== null && p.score >= BUDGETS.score,
        lcp: p.lcpMs <= BUDGETS.lcpMs,
        tbt: p.tbtMs <= BUDGETS.tbtMs,
        cls: p.cls <= BUDGETS.cls,
      };
    }

    const browser = await launchChromium();
    const chromium = browser.version();
    const rates: FirstLoadResults['coldMount']['rates'] = [];
    let meridianResources: string[] = [];
    let baselineResources: string[] = [];
    try {
      for (const rate of RATES) {
        const sides = { meridian: [] as number[], baseline: [] as number[] };
        const failures = { meridian: [] as string[], baseline: [] as string[] };
        for (let run = 0; run < mountRuns; run += 1) {
          // Alternating, so both sides see the same machine.
          for (const side of ['meridian', 'baseline'] as const) {
            try {
              const result =
                side === 'meridian'
                  ? await coldMount(browser, `${base}/help`, '#outlet [data-remote="mfe-help"] > *', rate, true)
                  : await coldMount(browser, `${baseline.base}/`, '[data-baseline-remote] > *', rate, false);
              sides[side].push(result.ms);
              if (rate === 1 && side === 'meridian') meridianResources = result.resources;
              if (rate === 1 && side === 'baseline') baselineResources = result.resources;
            } catch (error) {
              failures[side].push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
            }
          }
        }
        const m = median(sides.meridian);
        const b = median(sides.baseline);
        const ratio = round(m / b, 2);
        rates.push({
          rate,
          meridian: { medianMs: round(m), runs: sides.meridian.map((x) => round(x)), failures: failures.meridian },
          baseline: { medianMs: round(b), runs: sides.baseline.map((x) => round(x)), failures: failures.baseline },
          ratio,
          withinBudget: Number.isFinite(ratio) && ratio <= BUDGETS.mountRatio,
        });
        console.log(`cold mount ${rate}× CPU: Meridian ${round(m)} ms, baseline ${round(b)} ms, ratio ${ratio}`);
      }
    } finally {
      await browser.close();
    }

    const notes: string[] = [];
    const shellFiles = jsUnder(meridianResources, '/artifacts/shell/');
    const hostFiles = jsUnder(baselineResources, '/artifacts/host/');
    const shellBytes = await gzipTotal(base, shellFiles, join(root, 'shell', 'dist'), notes);
    const hostBytes = await gzipTotal(baseline.base, hostFiles, hostDir, notes);
    const shellInitial = {
      kb: kb(shellBytes),
      files: [...shellFiles].map((p) => basename(p)).sort(),
      withinBudget: shellFiles.size > 0 && kb(shellBytes) <= BUDGETS.shellInitialKb,
      baselineHostKb: kb(hostBytes),
      baselineHostFiles: [...hostFiles].map((p) => basename(p)).sort(),
      notes,
    };

    const withinBudget =
      lighthousePages.every((p) => !p.withinBudget || Object.values(p.withinBudget).every(Boolean)) &&
      rates.every((r) => r.withinBudget) &&
      shellInitial.withinBudget;
    return {
      date: new Date().toISOString(),
      machine: { cores, loadAverageAtStart, chromium },
      lighthouse: lighthousePages,
      coldMount: { runs: mountRuns, rates },
      shellInitial,
      budgets: BUDGETS,
      withinBudget,
    };
  } finally {
    await baseline.stop();
  }
}

/** A script's file name for the table; Lighthouse also names tasks `Unattributable`. */
function shortUrl(url: string): string {
  if (!URL.canParse(url)) return url || '?';
  return basename(new URL(url).pathname) || url;
}

/** The tables; `heading` is the level of its title (`##` inside bench/results.md). */
/** Each budget the run missed, named for the table's reader. */
function missedBudgets(r: FirstLoadResults): string[] {
  const missed: string[] = [];
  for (const p of r.lighthouse) {
    const b = p.withinBudget;
    if (!b) continue;
    const names = [!b.score && 'score', !b.lcp && 'LCP', !b.tbt && 'TBT', !b.cls && 'CLS'].filter(Boolean);
    if (names.length) missed.push(`${p.page} ${names.join(', ')}`);
  }
  for (const x of r.coldMount.rates) if (!x.withinBudget) missed.push(`cold mount ${x.ratio}× the baseline at ${x.rate}× CPU`);
  if (!r.shellInitial.withinBudget) missed.push(`shell initial JS ${r.shellInitial.kb} kB`);
  return missed;
}

export function firstLoadMarkdown(r: FirstLoadResults, heading = '#'): string {
  const cell = (value: number | null, ok: boolean | undefined, unit = '') =>
    value === null || !Number.isFinite(value)
      ? `— ${ok === undefined ? '' : '✗'}`.trim()
      : `${value}${unit}${ok === undefined ? '' : ` ${mark(ok)}`}`;
  const lh = r.lighthouse.map((p) => {
    const name = p.side === 'baseline' ? '**baseline** `/`' : `\`${p.page}\``;
    const tasks = p.longTasks.map((t) => `${shortUrl(t.url)} ${t.ms}`).join(', ') || '—';
    const errors = p.errors.length ? ` ⚠ ${p.errors.length} failed run(s): ${p.errors[0]}` : '';
    return `| ${name} | ${cell(p.score, p.withinBudget?.score)} | ${cell(p.lcpMs, p.withinBudget?.lcp)} | ${cell(p.tbtMs, p.withinBudget?.tbt)} | ${cell(p.cls, p.withinBudget?.cls)} | ${cell(p.fcpMs, undefined)} | ${cell(p.siMs, undefined)} | ${p.scores.map((s) => s ?? '✗').join(', ')} | \`${p.lcpElement ?? '—'}\` | ${tasks}${errors} |`;
  });
  const mount = r.coldMount.rates.map(
    (x) =>
      `| ${x.rate}× | ${x.meridian.medianMs} (${x.meridian.runs.join(', ')}) | ${x.baseline.medianMs} (${x.baseline.runs.join(', ')}) | ${x.ratio} ${mark(x.withinBudget)} |`,
  );
  const failures = r.coldMount.rates.flatMap((x) => [
    ...x.meridian.failures.map((f) => `Meridian ${x.rate}×: ${f}`),
    ...x.baseline.failures.map((f) => `baseline ${x.rate}×: ${f}`),
  ]);
  const s = r.shellInitial;
  return [
    `${heading} First load (${r.date})`,
    '',
    `Machine: ${r.machine.cores} cores, load average at start ${r.machine.loadAverageAtStart.join(', ')}; Chromium ${r.machine.chromium}; Lighthouse benchmark index ${benchmarkIndexes(r)} (higher is faster: TBT scales with this machine's speed). Meridian and the bare Module Federation baseline (bench/baseline) measured side by side in this run.`,
    '',
    `Lighthouse mobile (default config: simulated throttling, 4× CPU), performance only, median of ${LIGHTHOUSE_RUNS} cold runs (fresh Chromium each). Budgets: score ≥ ${BUDGETS.score}, LCP ≤ ${BUDGETS.lcpMs} ms, TBT ≤ ${BUDGETS.tbtMs} ms, CLS ≤ ${BUDGETS.cls}. LCP element and longest long tasks (file ms) of the median run; its report in bench/results/lighthouse/.`,
    '',
    '| page | score | LCP ms | TBT ms | CLS | FCP ms | SI ms | scores | LCP element | longest tasks (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...lh,
    '',
    `Cold navigation → first remote mounted (Meridian \`/help\`: \`#outlet [data-remote="mfe-help"] > *\`; baseline \`/\`: \`[data-baseline-remote] > *\`), Chromium on loopback, fresh context per run, ${r.coldMount.runs} runs each side alternating; median ms (runs). Budget: Meridian ≤ ${BUDGETS.mountRatio}× the baseline.`,
    '',
    '| CPU | Meridian ms | baseline ms | ratio |',
    '| --- | --- | --- | ---: |',
    ...mount,
    ...(failures.length ? ['', `Failed runs: ${failures.join('; ')}`] : []),
    '',
    `Shell initial JS (the shell's own files loaded when the first remote mounted on \`/help\`, gzip -9): **${s.kb} kB** ${mark(s.withinBudget)} (budget ${BUDGETS.shellInitialKb} kB, 1 kB = 1024 B; ${s.files.length} files); baseline host: ${s.baselineHostKb} kB (${s.baselineHostFiles.length} files).${s.notes.length ? ` Notes: ${s.notes.join('; ')}.` : ''}`,
    '',
    r.withinBudget ? 'Every budget met ✓' : `Budgets missed ✗: ${missedBudgets(r).join('; ')}`,
    '',
  ].join('\n');
}

export function writeFirstLoadResults(r: FirstLoadResults): string {
  const md = firstLoadMarkdown(r);
  writeResults('first-load', r, md);
  return md;
}

if (process.argv[1] === import.meta.filename) {
  console.log(
    `first-load: load average ${loadavg()
      .map((x) => round(x, 2))
      .join(', ')} on ${cpus().length} cores (before the site starts)`,
  );
  const site = await startSite({ build: !process.argv.includes('--no-build') });
  try {
    const results = await measureFirstLoad(site.base);
    console.log(writeFirstLoadResults(results));
    if (!results.withinBudget) process.exitCode = 1;
  } finally {
    await site.stop();
  }
}
