/**
 * Server-side measurements of the composed site (ARCHITECTURE: "live fan-out, API latency"):
 * - API latency and throughput of three calls under load (autocannon, 10 connections, a few seconds);
 * - live fan-out: how long one market tick (a TICKS frame) takes to reach every one of N sockets on loopback;
 *   latency, bytes and server CPU/memory at 1,000 and 5,000 sockets are in bench/markets-bench.ts.
 * Benchmarks report; they do not pass or fail.
 */
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { LIVE_PATH, endpointPath } from '@meridian/contracts';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { contentEndpoints } from '@meridian/contracts/endpoints/content';
import { median } from './measuring.ts';

export interface LatencyResult {
  call: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface FanoutResult {
  sockets: number;
  ticks: number;
  /** From the first socket receiving a tick to the last one receiving it. */
  spreadMedianMs: number | null;
  spreadMaxMs: number | null;
}

/** Signs a bench user up through the dev outbox, as a developer would. */
async function signUp(base: string): Promise<string> {
  // Loaded when needed, as bench/faults does: the fault helpers bring the API's test set-up with them.
  const { signUpOver } = await import('../api/test/faults/fault-helpers.ts');
  return (await signUpOver(base, 'bench')).token;
}

export async function measureApiLatency(base: string, seconds = 5): Promise<LatencyResult[]> {
  const token = await signUp(base);
  const calls: { call: string; method: 'GET' | 'POST'; path: string; headers?: Record<string, string> }[] = [
    { call: 'GET getParamByKey', method: 'GET', path: endpointPath(contentEndpoints.getParamByKey, { key: 'withdrawal_fee_percent' }) },
    { call: 'GET listContents', method: 'GET', path: endpointPath(contentEndpoints.listContents, { lang: 2 }) },
    {
      call: 'POST getUserInfo (signed in)',
      method: 'POST',
      path: endpointPath(accountsEndpoints.getUserInfo),
      headers: { authorization: token },
    },
  ];
  const results: LatencyResult[] = [];
  for (const { call, method, path, headers } of calls) {
    const run = await autocannon({ url: `${base}${path}`, method, headers: headers ?? {}, connections: 10, duration: seconds });
    results.push({
      call,
      requestsPerSecond: Math.round(run.requests.average),
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
      non2xx: run.non2xx,
    });
  }
  return results;
}

export async function measureFanout(base: string, sockets: number, ticks = 8): Promise<FanoutResult> {
  const url = `${base.replace(/^http/, 'ws')}${LIVE_PATH}`;
  // Frame text → arrival time per socket (the same tick is the same text on every socket).
  const arrivals = new Map<string, number[]>();
  const clients = await Promise.all(
    Array.from(
      { length: sockets },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('message', (data) => {
            const text = String(data);
            // A market tick: one TICKS frame, the same text on every socket watching the same topics.
            if (!text.startsWith('{"type":"TICKS"')) return;
            const at = performance.now();
            const list = arrivals.get(text);
            if (list) list.push(at);
            else arrivals.set(text, [at]);
          });
          const timer = setTimeout(() => reject(new Error(`bench: a socket did not open within 10 s`)), 10_000);
          ws.once('open', () => {
            clearTimeout(timer);
            resolve(ws);
          });
          ws.once('error', reject);
        }),
    ),
  );
  const deadline = Date.now() + 30_000;
  while ([...arrivals.values()].filter((a) => a.length === sockets).length < ticks && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const ws of clients) ws.close();
  const complete = [...arrivals.values()].filter((a) => a.length === sockets).slice(0, ticks);
  const spreads = complete.map((a) => Math.max(...a) - Math.min(...a));
  // No tick reached every socket within 30 s: say so rather than print a number.
  if (spreads.length === 0) return { sockets, ticks: 0, spreadMedianMs: null, spreadMaxMs: null };
  return {
    sockets,
    ticks: complete.length,
    spreadMedianMs: Math.round(median(spreads) * 10) / 10,
    spreadMaxMs: Math.round(Math.max(...spreads) * 10) / 10,
  };
}
