/**
 * Live markets, measured (benchmarks report figures and flag goals; they do not pass or fail):
 *
 * (a) fan-out: N WebSocket clients on loopback for BENCH_FANOUT_SECONDS (60 by default) against
 *     - Meridian's `/ws` (bench/fanout-server.ts meridian: `buildApi` in its own process), the clients on the
 *       default `home` topic, and once all subscribed to `type:2` (the crypto tab);
 *     - a baseline: a plain `ws` server sending the full list (every instrument with its 100 prices) every second;
 *     delivery latency (tick `time` → receipt), payload bytes per client per second, the server process's CPU
 *     and RSS. Clients run in child processes (bench/fanout-client.ts), at most 2,500 sockets each.
 * (b) page: Chromium on `/market` (the crypto tab) at 4× CPU throttle: long tasks > 50 ms and the main thread's
 *     busy share, the list's rows and the TICKS frames the page received.
 *
 *   node --import tsx bench/markets-bench.ts fanout        (a) alone
 *   node --import tsx bench/markets-bench.ts page [--no-build]   (b) alone: starts the site (building the shell and
 *                                                          mfe-markets if they changed, unless --no-build)
 * `npm run bench` runs both (bench/run.ts). Environment: BENCH_FANOUT_SECONDS, BENCH_FANOUT_CLIENTS ("1000,5000"),
 * BENCH_FANOUT_CRYPTO_CLIENTS (1000; 0 skips), BENCH_FANOUT_BASELINE (1; 0 skips), BENCH_PAGE_SECONDS (30).
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import type { Browser } from 'playwright-core';
import type { ClientReady, ClientResult } from './fanout-client.ts';
import type { FanoutServerKind, ServerReady, ServerUsage } from './fanout-server.ts';
import { JsonLinesProcess } from './json-lines-process.ts';
import { envNumber, machineJiffies, round, sleep } from './measuring.ts';
import { launchChromium, root, startSite } from './site.ts';

/** The issue's goals. */
export const MARKETS_GOALS = { p99Ms: 150, p99AtClients: 5000, bytesPerClientPerSecond: 4000, longTasks: 0, busyPercent: 20 };
const SOCKETS_PER_PROCESS = 2500;

// ─── child processes ──────────────────────────────────────────────────────────────────────────────

/** A bench process speaking JSON lines on stdout and taking commands on stdin, started with the highest open-file limit. */
class Child extends JsonLinesProcess {
  constructor(script: string, args: string[]) {
    // `ulimit` is the shell's: raise the soft open-file limit to the hard one, then become node.
    super(
      spawn('bash', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" --import tsx "$@"', process.execPath, script, ...args], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
      'a child process',
    );
  }

  /** Asks it to exit, then makes it. */
  async stop(): Promise<void> {
    if (this.exited) return;
    this.send('exit');
    this.proc.stdin!.end();
    const term = setTimeout(() => this.proc.kill('SIGTERM'), 8_000);
    const kill = setTimeout(() => this.proc.kill('SIGKILL'), 15_000);
    await this.done;
    clearTimeout(term);
    clearTimeout(kill);
  }
}

function percentile(histogram: Map<number, number>, p: number): number | null {
  const entries = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [tenths, n] of entries) {
    seen += n;
    if (seen >= rank) return tenths / 10;
  }
  return entries[entries.length - 1]![0] / 10;
}

// ─── (a) fan-out ─────────────────────────────────────────────────────────────────────────────────

export interface FanoutRun {
  server: FanoutServerKind;
  /** What each client watches: `home` (the default), `type:2`, or the baseline's full list. */
  topics: string;
  clients: number;
  connected: number;
  failed: number;
  firstError: string | null;
  clientProcesses: number;
  /** The server process's open-file limit. */
  serverMaxOpenFiles: number | null;
  seconds: number;
  /** Bytes of one full-list frame (baseline). */
  fullListBytes?: number;
  framesPerClientPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number } | null;
  bytesPerClientPerSecond: number;
  resyncs: number;
  closedDuring: number;
  /** The server process: CPU over the window in % of one core, RSS before the clients and at the end. */
  serverCpuPercent: number;
  serverRssIdleMb: number;
  serverRssMb: number;
  serverMaxRssMb: number;
  serverLoopDelayP99Ms: number;
  /** Tick `time` → the ticks event in the server (computing the tick, before fan-out): median and max over the window. */
  serverTickLagMs: { p50: number; max: number } | null;
  /** Every client process together, % of one core; and the whole machine's busy share (all cores). */
  clientsCpuPercent: number;
  machineBusyPercent: number | null;
  /** What was neither this server nor these clients (other processes on the machine), % of one core. */
  othersCpuPercent: number | null;
  goals: { p99: boolean | null; bytes: boolean };
}

/** A run that could not be measured, and why. */
export interface FanoutFailure {
  server: FanoutServerKind;
  topics: string;
  clients: number;
  error: string;
}

export interface FanoutSuite {
  seconds: number;
  cores: number;
  runs: (FanoutRun | FanoutFailure)[];
}

async function fanoutRun(server: FanoutServerKind, clients: number, topics: string[], seconds: number): Promise<FanoutRun> {
  const label = server === 'baseline' ? 'full list' : topics.length ? topics.join(',') : 'home';
  console.error(`fan-out: ${server} ${label}, ${clients} clients, ${seconds} s`);
  const srv = new Child('bench/fanout-server.ts', [server]);
  const procs: Child[] = [];
  try {
    const ready = await srv.next<ServerReady>('ready', 120_000);
    srv.send('usage');
    const idle = await srv.next<ServerUsage>('usage', 10_000);
    const processes = Math.max(1, Math.ceil(clients / SOCKETS_PER_PROCESS));
    for (let i = 0; i < processes; i += 1) {
      const n = Math.floor(clients / processes) + (i < clients % processes ? 1 : 0);
      procs.push(
        new Child('bench/fanout-client.ts', [`ws://127.0.0.1:${ready.port}/ws`, String(n), topics.length ? topics.join(',') : '-', server]),
      );
    }
    const opened = await Promise.all(procs.map((p) => p.next<ClientReady>('ready', 300_000)));
    srv.send('send');
    // Past the first full frames, into the steady state.
    await sleep(2_000);
    const machineBefore = machineJiffies();
    srv.send('usage');
    const before = await srv.next<ServerUsage>('usage', 30_000);
    for (const p of procs) p.send('start');
    await sleep(seconds * 1000);
    for (const p of procs) p.send('stop');
    srv.send('usage');
    const after = await srv.next<ServerUsage>('usage', 60_000);
    const machineAfter = machineJiffies();
    const results = await Promise.all(procs.map((p) => p.next<ClientResult>('result', 180_000)));

    const histogram = new Map<number, number>();
    for (const r of results) for (const [k, n] of r.histogram) histogram.set(k, (histogram.get(k) ?? 0) + n);
    const connected = results.reduce((s, r) => s + r.sockets, 0);
    const frames = results.reduce((s, r) => s + r.frames, 0);
    const bytes = results.reduce((s, r) => s + r.bytes, 0);
    const window = results.reduce((s, r) => Math.max(s, r.seconds), 0);
    const p50 = percentile(histogram, 50);
    const p99 = percentile(histogram, 99);
    const max = percentile(histogram, 100);
    const bytesPerClientPerSecond = connected ? Math.round(bytes / connected / window) : 0;
    const cores = cpus().length;
    const serverCpuPercent = round(((after.cpuMs - before.cpuMs) / (after.at - before.at)) * 100);
    const clientsCpuPercent = round((results.reduce((s, r) => s + r.cpuMs, 0) / (window * 1000)) * 100);
    const machineBusyPercent =
      machineBefore && machineAfter
        ? round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100)
        : null;
    return {
      server,
      topics: label,
      clients,
      connected,
      failed: opened.reduce((s, o) => s + o.failed, 0),
      firstError: opened.find((o) => o.firstError)?.firstError ?? null,
      clientProcesses: processes,
      serverMaxOpenFiles: ready.maxOpenFiles,
      seconds: round(window),
      ...(ready.fullListBytes ? { fullListBytes: ready.fullListBytes } : {}),
      framesPerClientPerSecond: connected ? round(frames / connected / window, 2) : 0,
      latencyMs: p50 === null || p99 === null || max === null ? null : { p50, p99, max },
      bytesPerClientPerSecond,
      resyncs: results.reduce((s, r) => s + r.resyncs, 0),
      closedDuring: results.reduce((s, r) => s + r.closedDuring, 0),
      serverCpuPercent,
      serverRssIdleMb: idle.rssMb,
      serverRssMb: after.rssMb,
      serverMaxRssMb: after.maxRssMb,
      serverLoopDelayP99Ms: after.loopDelayP99Ms,
      serverTickLagMs:
        after.tickLagP50Ms === null || after.tickLagMaxMs === null ? null : { p50: after.tickLagP50Ms, max: after.tickLagMaxMs },
      clientsCpuPercent,
      machineBusyPercent,
      othersCpuPercent:
        machineBusyPercent === null ? null : round(Math.max(0, machineBusyPercent * cores - serverCpuPercent - clientsCpuPercent)),
      goals: {
        p99: p99 === null ? false : p99 <= MARKETS_GOALS.p99Ms,
        bytes: bytesPerClientPerSecond <= MARKETS_GOALS.bytesPerClientPerSecond,
      },
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await srv.stop();
  }
}

export async function measureMarketsFanout(): Promise<FanoutSuite> {
  const seconds = envNumber('BENCH_FANOUT_SECONDS', 60);
  const counts = (process.env.BENCH_FANOUT_CLIENTS ?? '1000,3000,5000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const cryptoClients = envNumber('BENCH_FANOUT_CRYPTO_CLIENTS', 1000);
  const baseline = process.env.BENCH_FANOUT_BASELINE !== '0';
  const plain = process.env.BENCH_FANOUT_PLAIN !== '0';
  const runs: (FanoutRun | FanoutFailure)[] = [];
  const run = async (server: FanoutServerKind, clients: number, topics: string[]) => {
    try {
      runs.push(await fanoutRun(server, clients, topics, seconds));
    } catch (error) {
      const topicsLabel = server === 'baseline' ? 'full list' : topics.length ? topics.join(',') : 'home';
      runs.push({ server, topics: topicsLabel, clients, error: error instanceof Error ? error.message : String(error) });
    }
  };
  // Each count on Meridian, then at once on the plain ws server of the same frames: the two share the machine's state.
  for (const n of counts) {
    await run('meridian', n, []);
    if (plain) await run('plain', n, []);
  }
  if (cryptoClients > 0) await run('meridian', cryptoClients, ['type:2']);
  if (baseline) for (const n of counts) await run('baseline', n, []);
  return { seconds, cores: cpus().length, runs };
}

/** Issue 29: Meridian's p99 at most this many times the plain ws server's of the same frames, in the same run. */
const FANOUT_RATIO_GOAL = 1.1;

const mark = (ok: boolean | null) => (ok === null ? '—' : ok ? '✓' : '✗');

const SERVER_NAMES: Record<FanoutServerKind, string> = {
  meridian: 'Meridian /ws',
  plain: 'plain ws, the same frames',
  baseline: 'baseline: plain ws, full list',
};

/** Meridian's p99 over the plain ws server's of the same frames and clients, per client count (goal ≤ 1.1). */
export function fanoutRatios(suite: FanoutSuite): { clients: number; meridianP99: number; plainP99: number; ratio: number }[] {
  const measured = suite.runs.filter((r): r is FanoutRun => !('error' in r) && r.topics === 'home');
  const out = [];
  for (const m of measured.filter((r) => r.server === 'meridian')) {
    const p = measured.find((r) => r.server === 'plain' && r.clients === m.clients);
    if (!m.latencyMs || !p?.latencyMs) continue;
    out.push({
      clients: m.clients,
      meridianP99: m.latencyMs.p99,
      plainP99: p.latencyMs.p99,
      ratio: round(m.latencyMs.p99 / p.latencyMs.p99, 2),
    });
  }
  return out;
}

export function fanoutMarkdown(suite: FanoutSuite): string {
  const g = MARKETS_GOALS;
  const measured = suite.runs.filter((r): r is FanoutRun => !('error' in r));
  const fullList = measured.find((r) => r.fullListBytes)?.fullListBytes;
  const withFailures = measured.filter((r) => r.failed > 0);
  return [
    `Live fan-out on loopback (${suite.seconds} s per run, ${suite.cores} cores; server and clients in separate processes; latency = tick \`time\` → receipt, same clock, tick time has 1 ms resolution; bytes = WebSocket payload):`,
    '',
    `| server | topics | clients (connected) | p50 ms | p99 ms | max ms | of which tick computed (p50, max ms) | frames/client/s | bytes/client/s | server CPU (% of a core) | server RSS MB (idle → end, peak) | server loop delay p99 ms | clients: processes, CPU (% of a core) | machine busy (all cores), others (% of a core) | p99 ≤ ${g.p99Ms} ms | ≤ ${g.bytesPerClientPerSecond / 1000} kB/s |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | :---: |',
    ...suite.runs.map((r) => {
      const name = SERVER_NAMES[r.server];
      if ('error' in r) return `| ${name} | ${r.topics} | ${r.clients} | not measured: ${r.error} |${' |'.repeat(12)}`;
      const lat = r.latencyMs;
      const cells = [
        name,
        r.topics,
        `${r.clients} (${r.connected}${r.failed ? `, ${r.failed} failed` : ''})`,
        lat?.p50 ?? '—',
        lat?.p99 ?? '—',
        lat?.max ?? '—',
        r.serverTickLagMs ? `${r.serverTickLagMs.p50}, ${r.serverTickLagMs.max}` : '—',
        r.framesPerClientPerSecond,
        r.bytesPerClientPerSecond.toLocaleString('en'),
        r.serverCpuPercent,
        `${r.serverRssIdleMb} → ${r.serverRssMb}, ${r.serverMaxRssMb}`,
        r.serverLoopDelayP99Ms,
        `${r.clientProcesses}, ${r.clientsCpuPercent}`,
        r.machineBusyPercent === null ? '—' : `${r.machineBusyPercent} %, ${r.othersCpuPercent}`,
        mark(r.goals.p99),
        mark(r.goals.bytes),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
    '',
    ...(fanoutRatios(suite).length
      ? [
          `| clients | Meridian p99 ms | plain ws p99 ms (the same frames) | ratio | ≤ ${FANOUT_RATIO_GOAL} |`,
          '| ---: | ---: | ---: | ---: | :---: |',
          ...fanoutRatios(suite).map(
            (r) =>
              `| ${r.clients.toLocaleString('en')} | ${r.meridianP99} | ${r.plainP99} | ${r.ratio} | ${mark(r.ratio <= FANOUT_RATIO_GOAL)} |`,
          ),
          '',
        ]
      : []),
    `Goals (the issue): p99 ≤ ${g.p99Ms} ms at ${g.p99AtClients.toLocaleString('en')} clients and ≤ ${g.bytesPerClientPerSecond / 1000} kB/s (1 kB = 1,000 bytes) per client; flagged on every row for comparison. ` +
      `"Of which tick computed": tick \`time\` → the market's ticks event in the server (the simulator's step and the book's update), before any fan-out. ` +
      `The clients share the machine with the server, and "others" is what the rest of the machine used meanwhile: when the machine is near 100 % busy, latency includes queueing for the CPU.` +
      (fullList
        ? ` The baseline's full-list frame: ${fullList.toLocaleString('en')} bytes, serialized once per tick and sent as one shared buffer.`
        : '') +
      (withFailures.length
        ? ` Some sockets did not open (first error: ${withFailures[0]!.firstError}; server open-file limit ${withFailures[0]!.serverMaxOpenFiles}).`
        : ''),
    '',
  ].join('\n');
}

// ─── (b) page ────────────────────────────────────────────────────────────────────────────────────

export interface PageResult {
  seconds: number;
  cpuThrottle: number;
  /** Rows of the list (data-rows) and rows rendered in the virtualized box. */
  rows: number;
  renderedRows: number;
  /** Rendered rows whose price text changed between the window's start and end. */
  renderedRowsChanged: number;
  ticksFrames: number;
  /** Instruments per TICKS frame, on average, and payload bytes per second the page received. */
  instrumentsPerTick: number;
  wsBytesPerSecond: number;
  longTasks: number;
  longestTaskMs: number | null;
  /** Each long task: ms after the window opened, and its duration. */
  longTaskList: { atMs: number; durationMs: number }[];
  busyPercent: number;
  scriptPercent: number;
  layoutPercent: number;
  stylePercent: number;
  goals: { longTasks: boolean; busy: boolean };
}

type Metrics = Record<string, number>;

export async function measureMarketsPage(
  base: string,
  browser: Browser,
  seconds = envNumber('BENCH_PAGE_SECONDS', 30),
): Promise<PageResult> {
  const rate = 4;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(() => {
      sessionStorage.setItem('meridian.introSeen', '1');
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no longtask support: counted as none, said by the figures staying 0
      }
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Before navigating, so the live socket's frames are reported.
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    let measuring = false;
    let ticksSeen = 0;
    let ticksFrames = 0;
    let instruments = 0;
    let wsBytes = 0;
    cdp.on('Network.webSocketFrameReceived', ({ response }) => {
      const text = response.payloadData;
      const isTicks = text.startsWith('{"type":"TICKS"');
      if (isTicks) ticksSeen += 1;
      if (!measuring) return;
      wsBytes += Buffer.byteLength(text);
      if (!isTicks) return;
      ticksFrames += 1;
      instruments += (JSON.parse(text) as { data: unknown[] }).data.length;
    });
    const metrics = async (): Promise<Metrics> =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const prices = () =>
      page.$$eval('[data-testid="market-list"] [role="row"][aria-rowindex]', (rows) =>
        rows.map(
          (r) => `${r.querySelector('[data-code]')?.getAttribute('data-code')}=${r.querySelector('[data-testid="price"]')?.textContent}`,
        ),
      );

    await page.goto(`${base}/market`);
    const list = page.locator('[data-testid="market-list"]');
    await list.waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('[data-testid="market-list"] [role="row"][aria-rowindex]').first().waitFor({ timeout: 30_000 });
    // The live connection is up and ticking before the window opens.
    for (let i = 0; i < 100 && ticksSeen === 0; i += 1) await sleep(100);
    const rows = Number(await list.getAttribute('data-rows'));

    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await sleep(1_000);
    const startPrices = await prices();
    const windowStart = await page.evaluate(() => performance.now());
    const before = await metrics();
    measuring = true;
    await sleep(seconds * 1000);
    measuring = false;
    const after = await metrics();
    const endPrices = await prices();
    const tasks = await page.evaluate(
      (start) => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start >= start),
      windowStart,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const wall = after.Timestamp! - before.Timestamp!;
    const share = (name: string) => round(((after[name]! - before[name]!) / wall) * 100);
    const startMap = new Map(startPrices.map((p) => [p.split('=')[0], p]));
    const busyPercent = share('TaskDuration');
    return {
      seconds: round(wall),
      cpuThrottle: rate,
      rows,
      renderedRows: endPrices.length,
      renderedRowsChanged: endPrices.filter((p) => startMap.has(p.split('=')[0]) && startMap.get(p.split('=')[0]) !== p).length,
      ticksFrames,
      instrumentsPerTick: ticksFrames ? round(instruments / ticksFrames) : 0,
      wsBytesPerSecond: Math.round(wsBytes / wall),
      longTasks: tasks.length,
      longestTaskMs: tasks.length ? round(Math.max(...tasks.map((t) => t.duration))) : null,
      longTaskList: tasks.map((t) => ({ atMs: Math.round(t.start - windowStart), durationMs: round(t.duration) })),
      busyPercent,
      scriptPercent: share('ScriptDuration'),
      layoutPercent: share('LayoutDuration'),
      stylePercent: share('RecalcStyleDuration'),
      goals: { longTasks: tasks.length <= MARKETS_GOALS.longTasks, busy: busyPercent <= MARKETS_GOALS.busyPercent },
    };
  } finally {
    await context.close();
  }
}

export function pageMarkdown(page: PageResult | { error: string }): string {
  const g = MARKETS_GOALS;
  if ('error' in page) return `/market page (crypto tab) at 4× CPU throttle: not measured (${page.error}).\n`;
  return [
    `/market page, crypto tab, headless Chromium at ${page.cpuThrottle}× CPU throttle for ${page.seconds} s (after the list is visible and ticking):`,
    '',
    '| rows in list (rendered, of which changed price) | TICKS frames (instruments/frame) | WS bytes/s | long tasks > 50 ms (longest) | main thread busy % (script, layout, style) | 0 long tasks | busy ≤ 20 % |',
    '| ---: | ---: | ---: | ---: | ---: | :---: | :---: |',
    `| ${page.rows} (${page.renderedRows}, ${page.renderedRowsChanged}) | ${page.ticksFrames} (${page.instrumentsPerTick}) | ${page.wsBytesPerSecond.toLocaleString('en')} | ${page.longTasks} (${page.longestTaskMs ?? '—'} ms) | ${page.busyPercent} (${page.scriptPercent}, ${page.layoutPercent}, ${page.stylePercent}) | ${mark(page.goals.longTasks)} | ${mark(page.goals.busy)} |`,
    '',
    `Goals (the issue): ${g.longTasks} long tasks, main thread busy ≤ ${g.busyPercent} % (CDP Performance.getMetrics TaskDuration / wall time).`,
    '',
  ].join('\n');
}

// ─── alone ───────────────────────────────────────────────────────────────────────────────────────

if (import.meta.url === `file://${process.argv[1]}`) {
  const what = process.argv[2];
  if (what === 'fanout') {
    const suite = await measureMarketsFanout();
    console.log(fanoutMarkdown(suite));
    console.log(JSON.stringify(suite, null, 2));
  } else if (what === 'page') {
    // The page needs the shell and mfe-markets current; the other remotes only need a dist folder.
    const site = await startSite({ build: !process.argv.includes('--no-build'), parts: ['shell', 'mfe-markets'] });
    try {
      const browser = await launchChromium();
      try {
        const page = await measureMarketsPage(site.base, browser);
        console.log(pageMarkdown(page));
        console.log(JSON.stringify(page, null, 2));
      } finally {
        await browser.close();
      }
    } finally {
      await site.stop();
    }
  } else {
    console.error('usage: node --import tsx bench/markets-bench.ts fanout|page [--no-build]');
    process.exit(2);
  }
}
