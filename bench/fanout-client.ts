/**
 * One client process of the live fan-out bench (bench/markets-bench.ts): opens N WebSockets on `/ws`,
 * optionally subscribes each to topics, and measures what they receive.
 *
 *   node --import tsx bench/fanout-client.ts <ws url> <sockets> <topics, comma-separated or "-"> <meridian|baseline>
 *
 * Prints `{"ready":{…}}` once every socket is open (and, on Meridian, has its first full `MARKETS`
 * frame). Between `start` and `stop` lines on stdin it records, per market frame, the delivery latency
 * (the frame's tick `time` → receipt, on this machine's clock) and every payload byte; on `stop` it
 * prints `{"result":{…}}`, closes its sockets and exits.
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

export interface ClientReady {
  opened: number;
  failed: number;
  firstError: string | null;
  openMs: number;
}

export interface ClientResult {
  sockets: number;
  /** Sockets closed by the server (or failed) during the window. */
  closedDuring: number;
  seconds: number;
  /** Market frames with a tick time (TICKS on Meridian, the full list on the baseline). */
  frames: number;
  /** Full `MARKETS` frames without a tick time in the window (a re-sync after falling behind). */
  resyncs: number;
  /** WebSocket payload bytes received in the window, all frames. */
  bytes: number;
  /** Latency histogram: [latency in 0.1 ms units, count]. */
  histogram: [number, number][];
  /** This process's CPU over the window (user + system). */
  cpuMs: number;
}

const [url, countText, topicsText, kind] = process.argv.slice(2);
if (!url || !countText || !topicsText || (kind !== 'meridian' && kind !== 'plain' && kind !== 'baseline')) {
  console.error('usage: fanout-client.ts <ws url> <sockets> <topics|-> <meridian|plain|baseline>');
  process.exit(2);
}
const count = Number(countText);
const topics = topicsText === '-' ? [] : topicsText.split(',');
// Meridian (and the plain ws server of its frames) sends a full MARKETS frame on connecting (Meridian also on every
// SUBSCRIBE); the full-list baseline sends nothing until its next tick.
const awaitSnapshot = kind !== 'baseline';
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

// Wall clock with sub-millisecond resolution: performance.now() anchored on a Date.now() edge.
const wallBase = (() => {
  const t0 = Date.now();
  let t = Date.now();
  while (t === t0) t = Date.now();
  return t - performance.now();
})();
const wallNow = () => wallBase + performance.now();

let measuring = false;
let frames = 0;
let resyncs = 0;
let bytes = 0;
let closedDuring = 0;
const histogram = new Map<number, number>();

const TYPE = /^\{"type":"([A-Z_]+)"/;
const TIME = /"time":(\d+)/;

function onMessage(data: Buffer): boolean {
  // Only the head of the frame is read: the baseline's frames are hundreds of kB of JSON.
  const head = data.toString('latin1', 0, Math.min(data.length, 120));
  const type = TYPE.exec(head)?.[1];
  if (!measuring) return type === 'MARKETS';
  bytes += data.length;
  const time = TIME.exec(head)?.[1];
  if ((type === 'TICKS' || type === 'MARKETS') && time) {
    const tenths = Math.max(0, Math.round((wallNow() - Number(time)) * 10));
    histogram.set(tenths, (histogram.get(tenths) ?? 0) + 1);
    frames += 1;
  } else if (type === 'MARKETS') {
    resyncs += 1;
  }
  return type === 'MARKETS';
}

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url!, { perMessageDeflate: false, skipUTF8Validation: true });
    let ready = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('not ready within 30 s'));
    }, 30_000);
    const done = () => {
      ready = true;
      clearTimeout(timer);
      resolve(ws);
    };
    ws.on('message', (data: Buffer) => {
      // The first full MARKETS frame after the topics were sent: the socket is ready.
      if (onMessage(data) && !ready) done();
    });
    ws.once('open', () => {
      if (topics.length > 0) ws.send(JSON.stringify({ type: 'SUBSCRIBE', topics }));
      if (!awaitSnapshot) done();
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.once('close', () => {
      if (measuring) closedDuring += 1;
    });
  });
}

const started = performance.now();
const sockets: WebSocket[] = [];
let failed = 0;
let firstError: string | null = null;
// A hundred handshakes at a time: the server's accept backlog is not the thing measured. Given up after 2 minutes.
for (let i = 0; i < count; i += 100) {
  if (performance.now() - started > 120_000) {
    failed += count - i;
    firstError ??= `opening took over 120 s: ${count - i} sockets not tried`;
    break;
  }
  const batch = await Promise.allSettled(Array.from({ length: Math.min(100, count - i) }, open));
  for (const r of batch) {
    if (r.status === 'fulfilled') sockets.push(r.value);
    else {
      failed += 1;
      firstError ??= String(r.reason);
    }
  }
}
print({ ready: { opened: sockets.length, failed, firstError, openMs: Math.round(performance.now() - started) } satisfies ClientReady });

let windowStart = 0;
let cpuStart = process.cpuUsage();
createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  if (command === 'start') {
    windowStart = performance.now();
    cpuStart = process.cpuUsage();
    measuring = true;
  } else if (command === 'stop') {
    measuring = false;
    const cpu = process.cpuUsage(cpuStart);
    print({
      result: {
        sockets: sockets.length,
        closedDuring,
        seconds: (performance.now() - windowStart) / 1000,
        frames,
        resyncs,
        bytes,
        histogram: [...histogram.entries()],
        cpuMs: (cpu.user + cpu.system) / 1000,
      } satisfies ClientResult,
    });
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
// The bench went away: so does this process.
process.stdin.on('close', () => process.exit(0));
