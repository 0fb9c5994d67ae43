/**
 * One server of the live fan-out bench (bench/markets-bench.ts), alone in its process so that the CPU
 * and memory it reports are the server's own:
 *
 *   node --import tsx bench/fanout-server.ts meridian   the API (`buildApi`, in-memory PGlite), `/ws` as the site serves it;
 *   node --import tsx bench/fanout-server.ts plain      a plain `ws` WebSocketServer (no fastify) over the same market
 *                                                        (catalogue, simulator, seed) broadcasting the same frames as
 *                                                        Meridian's `home` topic: the full MARKETS frame on connecting,
 *                                                        then each tick's TICKS frame, encoded once, to every socket;
 *   node --import tsx bench/fanout-server.ts baseline   a plain `ws` WebSocketServer over the same market that sends
 *                                                        the FULL list every second.
 *
 * It listens on a free loopback port and prints one JSON line `{"ready":{…}}`. Each `usage` line on stdin
 * is answered with `{"usage":{…}}`: its own `process.cpuUsage`, RSS, peak RSS and event-loop delay since
 * the last answer. The baseline sends nothing until a `send` line (the bench sends it once every client
 * is connected: its steady state is measured, not a connection storm). `exit` on stdin (or stdin
 * closing, or SIGTERM) stops it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';
import { LIVE_PATH } from '@meridian/contracts';
import { buildApi, openDatabase } from '../api/src/index.ts';
import { MarketService } from '../api/src/market/market-service.ts';
import { SettingsCache } from '../api/src/settings/settings-cache.ts';

export type FanoutServerKind = 'meridian' | 'plain' | 'baseline';

export interface ServerReady {
  kind: FanoutServerKind;
  port: number;
  pid: number;
  /** The process's open-file limit (each socket is one). */
  maxOpenFiles: number | null;
  instruments: number;
  /** Baseline: bytes of the full-list frame it sends every second. */
  fullListBytes?: number;
}

export interface ServerUsage {
  /** `performance.now()` of the process when measured. */
  at: number;
  /** user + system CPU since the process started. */
  cpuMs: number;
  rssMb: number;
  heapUsedMb: number;
  /** Peak RSS of the process's life. */
  maxRssMb: number;
  /** Event-loop delay since the previous `usage` answer. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /**
   * Tick `time` → the market's ticks event in this process (the simulator's step and the book's update,
   * before any fan-out), over the ticks since the previous `usage` answer.
   */
  tickLagP50Ms: number | null;
  tickLagMaxMs: number | null;
  /** Baseline: frames sent since the start (one per socket per tick). */
  framesSent?: number;
}

const kind = process.argv[2] as FanoutServerKind;
if (kind !== 'meridian' && kind !== 'plain' && kind !== 'baseline') {
  console.error('usage: fanout-server.ts meridian|plain|baseline');
  process.exit(2);
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

function maxOpenFiles(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line ? Number(line.split(/\s{2,}/)[1]) : NaN;
    return Number.isFinite(soft) ? soft : null;
  } catch {
    return null;
  }
}

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let framesSent = 0;
let sending = false;
let tickLags: number[] = [];
const onTick = ({ time }: { time: number }) => {
  tickLags.push(Date.now() - time);
};
let stop: () => Promise<void>;
/** What the server tells the bench once it listens, besides its kind, process and open-file limit. */
let ready: Pick<ServerReady, 'port' | 'instruments' | 'fullListBytes'>;

/** A plain ws server's frame, encoded once, to every open socket. */
function broadcast(wss: WebSocketServer, frame: Buffer): void {
  for (const socket of wss.clients) {
    if (socket.readyState !== socket.OPEN) continue;
    socket.send(frame, { binary: false });
    framesSent += 1;
  }
}

/** Stops a plain ws server over the market: its ticks, sockets, server and market. */
async function stopPlain(wss: WebSocketServer, http: Server, stopTicks: () => void, market: MarketService): Promise<void> {
  stopTicks();
  for (const socket of wss.clients) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await market.close();
}

const database = await openDatabase({ dataDir: 'memory://' });
if (kind === 'meridian') {
  // As the site runs it (one node, in-process fabric, the built-in simulator, a frame a second).
  const app = await buildApi({ db: database.db, rateLimits: false, logger: false });
  // Registered after the live server's own listener, which only schedules the frame.
  app.market.onTicks(onTick);
  await app.listen({ host: '127.0.0.1', port: 0 });
  ready = { port: (app.server.address() as AddressInfo).port, instruments: app.market.catalogue.all.length };
  stop = async () => {
    await app.close();
  };
} else if (kind === 'plain') {
  // What Meridian's `home` topic sends, with nothing else: no fastify, no topics, no identities, no pacing or
  // slow-reader checks. The floor a fan-out of these frames has on this machine with `ws`.
  const market = await MarketService.start({ db: database.db, settings: new SettingsCache(database.db), tickMs: 1000 });
  const home = new Set(market.catalogue.homeIds());
  const snapshot = () =>
    Buffer.from(
      JSON.stringify({
        type: 'MARKETS',
        full: true,
        simulated: market.simulated,
        data: [...home].map((id) => market.book.item(id, true)).filter((item) => item !== undefined),
      }),
    );
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http, path: LIVE_PATH, maxPayload: 64 * 1024 });
  wss.on('connection', (socket) => socket.send(snapshot(), { binary: false }));
  const stopTicks = market.onTicks(({ time, ids }) => {
    onTick({ time });
    const data = ids.filter((id) => home.has(id)).map((id) => market.book.tick(id)!);
    if (data.length === 0) return;
    const frame = Buffer.from(JSON.stringify({ type: 'TICKS', simulated: market.simulated, time, data }));
    broadcast(wss, frame);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  ready = { port: (http.address() as AddressInfo).port, instruments: market.catalogue.all.length };
  stop = () => stopPlain(wss, http, stopTicks, market);
} else {
  // The same market (catalogue, simulator, seed, one step a second), served the old way: every second,
  // every instrument as a full item with its 100 prices, to every socket. Serialized once per tick and
  // sent as one shared Buffer, so the figures are those of the payload, not of a naive serializer.
  const market = await MarketService.start({ db: database.db, settings: new SettingsCache(database.db), tickMs: 1000 });
  const ids = market.catalogue.all.map((i) => i.id);
  const fullList = (time: number) =>
    Buffer.from(JSON.stringify({ type: 'MARKETS', full: true, simulated: market.simulated, time, data: market.items(ids, true) }));
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http, path: LIVE_PATH, maxPayload: 64 * 1024 });
  const stopTicks = market.onTicks(({ time }) => {
    onTick({ time });
    if (!sending || wss.clients.size === 0) return;
    const frame = fullList(time);
    broadcast(wss, frame);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  ready = { port: (http.address() as AddressInfo).port, instruments: ids.length, fullListBytes: fullList(Date.now()).length };
  stop = () => stopPlain(wss, http, stopTicks, market);
}
print({ ready: { kind, pid: process.pid, maxOpenFiles: maxOpenFiles(), ...ready } satisfies ServerReady });

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  // Bounded: a server with thousands of sockets and a backlog is not waited on for long.
  const timer = setTimeout(() => process.exit(0), 5_000);
  try {
    await stop();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
};

createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (line.trim() === 'exit') {
      void shutdown();
      return;
    }
    if (line.trim() === 'send') sending = true;
    if (line.trim() !== 'usage') return;
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    print({
      usage: {
        at: performance.now(),
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        maxRssMb: mb(process.resourceUsage().maxRSS * 1024),
        loopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
        loopDelayMaxMs: Math.round(loop.max / 1e4) / 100,
        tickLagP50Ms: tickLags.length ? tickLags.sort((a, b) => a - b)[Math.floor(tickLags.length / 2)]! : null,
        tickLagMaxMs: tickLags.length ? Math.max(...tickLags) : null,
        ...(kind !== 'meridian' ? { framesSent } : {}),
      } satisfies ServerUsage,
    });
    loop.reset();
    tickLags = [];
  })
  .on('close', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
