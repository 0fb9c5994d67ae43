/**
 * The money core's order calls under load (benchmarks report figures and flag goals; they do not pass or fail):
 *
 * - `buyContracts` (demo account, `virtually: NO`): a fresh `Idempotency-Key` per request, spread round-robin over
 *   BENCH_ORDERS_USERS users (50) and a few crypto instruments, lots worth about 10 USDT at leverage 1, so no
 *   balance runs out and nothing is liquidated; at 10 and 50 connections;
 * - `closeContracts/{id}` of positions opened beforehand (by the placement runs, topped up when short), each by its
 *   owner with a fresh key; at 10 and 50 connections;
 * - `getUserInfo` signed in (one user, no positions: the issue's baseline), at 10 connections.
 * Each run: BENCH_ORDERS_WARMUP s (1) of warm-up, then BENCH_ORDERS_SECONDS s (5) measured (autocannon; one request
 * in flight per connection). A call counts as done when its envelope answers code 200; any other code is counted
 * by code. Latency is autocannon's (whole milliseconds), over every answer.
 *
 * The API (`buildApi` with the seeded settings and the built-in simulator ticking every second, as `npm start`
 * runs it; rate limits off, which only the sign-up needs) runs in its own process (`serve` below), so the load
 * generator does not share its event loop; on PGlite (the embedded default, in a throw-away data folder on disk),
 * then on PostgreSQL (`openDatabase`'s pool) in a throw-away database `meridian_bench_<pid>` when the server answers
 * (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres); dropped at the end.
 * After each database's runs the API stops and the ledger check (`checkLedger`) runs on its database.
 *
 *   node --import tsx bench/orders-bench.ts                  the suite; writes bench/results/orders.{json,md}
 *   node --import tsx bench/orders-bench.ts serve <pglite|postgres> [url]    one API process (the suite starts it)
 *
 * Environment: BENCH_ORDERS_SECONDS (5), BENCH_ORDERS_WARMUP (1), BENCH_ORDERS_USERS (50), BENCH_ORDERS_DATABASES
 * ("pglite,postgres"), BENCH_ORDERS_PGLITE_DIR ("disk"; "memory" for `memory://`), BENCH_ORDERS_TRACE (1: the API
 * times every SQL statement; the results then say how many statements each call ran and where the time went — it
 * slows the calls, so traced figures are not the benchmark's), BENCH_ORDERS_CPU_PROF (a folder: the API process
 * writes a V8 CPU profile there when it stops).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Money, endpointPath, money } from '@meridian/contracts';
import { tradingEndpoints } from '@meridian/contracts/endpoints/trading';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { lotTermsFor } from '@meridian/contracts/schemas';
import type { LotTerms } from '@meridian/contracts/schemas';
import type { DatabaseHandle } from '../api/src/index.ts';
import type { LedgerCheck } from '../api/src/ledger/ledger-check.ts';
import { JsonLinesProcess } from './json-lines-process.ts';
import { envNumber, machineJiffies, round, sleep, writeResults } from './measuring.ts';

/** The goals (orders: the money core's issue and issue 29; getUserInfo signed in: issue 29). */
export const ORDERS_GOALS = { pgliteOrdersPerSecond: 1000, postgresOrdersPerSecond: 2000, p99Ms: 20, userInfoPerSecond: 10_000 };
/** `getUserInfo` before issue 29 (its text: PostgreSQL, 10 connections; it read the database on every call). */
export const USER_INFO_BASELINE = { postgresRequestsPerSecond: 901 };

type DatabaseKind = 'pglite' | 'postgres';

const root = join(import.meta.dirname, '..');
const thisFile = fileURLToPath(import.meta.url);

// ─── the API process ─────────────────────────────────────────────────────────────────────────────

interface BenchInstrument {
  id: number;
  code: string;
  leverage: number;
  /** Lots worth about 10 USDT at the price when the API was ready. */
  lots: string;
}

interface ServerReady {
  kind: DatabaseKind;
  /** Whether the API shares a Redis (PostgreSQL as several nodes run it). */
  redis: boolean;
  port: number;
  pid: number;
  instruments: BenchInstrument[];
}

interface ServerUsage {
  at: number;
  cpuMs: number;
  rssMb: number;
}

/** Statements the API ran (BENCH_ORDERS_TRACE=1): per statement text, how many and their wall time. */
interface StatementTrace {
  /** HTTP calls the API answered meanwhile (the run's, and those cut off at its end). */
  calls: number;
  statements: number;
  byStatement: { sql: string; count: number; totalMs: number }[];
}

/** Minimal shapes of the two drivers, for timing their statements. */
type QueryFn = (...args: unknown[]) => unknown;
interface PgliteLike {
  query: QueryFn;
  transaction: (fn: (tx: { query: QueryFn }) => Promise<unknown>) => Promise<unknown>;
}

/**
 * Times every statement at the driver (PGlite's `query` and its transactions' `query`; node-postgres's
 * `Client.prototype.query`, which the pool's clients use). PGlite runs one statement or one whole transaction at a
 * time: a statement outside a transaction includes its wait for PGlite; a transaction is also recorded as the wait
 * for PGlite plus BEGIN, and the time it held PGlite (its statements, the code between them, and COMMIT).
 */
function traceStatements(handle: DatabaseHandle) {
  const stats = new Map<string, { count: number; totalMs: number }>();
  let statements = 0;
  let calls = 0;
  const record = (text: string, ms: number, statement = true) => {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
    const s = stats.get(key) ?? { count: 0, totalMs: 0 };
    s.count += 1;
    s.totalMs += ms;
    stats.set(key, s);
    if (statement) statements += 1;
  };
  const textOf = (config: unknown) =>
    typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '(prepared or submittable)');
  const timed =
    (query: QueryFn): QueryFn =>
    async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await query(...args);
      } finally {
        record(textOf(args[0]), performance.now() - started);
      }
    };
  if (handle.kind === 'pglite') {
    const client = handle.client as unknown as PgliteLike;
    client.query = timed(client.query.bind(client));
    const transaction = client.transaction.bind(client);
    client.transaction = async (fn) => {
      const called = performance.now();
      let entered = called;
      try {
        return await transaction((tx) => {
          entered = performance.now();
          record('PGlite transaction: waiting for PGlite, then BEGIN', entered - called, false);
          tx.query = timed(tx.query.bind(tx));
          return fn(tx);
        });
      } finally {
        record('PGlite transaction: held (its statements, the code between them, COMMIT)', performance.now() - entered, false);
        // BEGIN and COMMIT are statements too.
        statements += 2;
      }
    };
  } else {
    const pool = handle.client as unknown as { Client: { prototype: { query: QueryFn } } };
    const proto = pool.Client.prototype;
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const text = textOf(args[0]);
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        // The callback form (the pool's own `pool.query`).
        args[args.length - 1] = (...cbArgs: unknown[]) => {
          record(text, performance.now() - started);
          return (last as QueryFn)(...cbArgs);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).finally(() => record(text, performance.now() - started));
      }
      return result;
    };
  }
  return {
    answered(): void {
      calls += 1;
    },
    take(): StatementTrace {
      const byStatement = [...stats]
        .map(([sql, s]) => ({ sql, count: s.count, totalMs: round(s.totalMs) }))
        .sort((a, b) => b.totalMs - a.totalMs);
      const result = { calls, statements, byStatement };
      stats.clear();
      statements = 0;
      calls = 0;
      return result;
    },
  };
}

/** Lots of about `notional` USDT at `price`: a whole number of the instrument's lot steps, at least its minimum. */
function lotsFor(price: string, terms: LotTerms, notional = 10): string {
  const lots = money(String(notional)).div(price).div(terms.step).floor().times(terms.step);
  return Money.max(lots, terms.min).toFixed();
}

async function serve(kind: DatabaseKind, url: string | undefined): Promise<void> {
  // Loaded here: the suite (and bench/run.ts, which imports it) does not load the API.
  const { buildApi, openDatabase, seedDatabase } = await import('../api/src/index.ts');
  const { checkLedger } = await import('../api/src/ledger/ledger-check.ts');
  const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const scratch = mkdtempSync(join(tmpdir(), 'meridian-orders-bench-'));
  const dataDir = process.env.BENCH_ORDERS_PGLITE_DIR === 'memory' ? 'memory://' : join(scratch, 'db');
  const database = await openDatabase(kind === 'postgres' ? { url } : { dataDir });
  await seedDatabase(database.db);
  const trace = process.env.BENCH_ORDERS_TRACE === '1' ? traceStatements(database) : null;
  // PostgreSQL as several nodes run it: with the Redis they share (the limits, the users' read generations), when
  // one answers (BENCH_REDIS_URL, else redis://127.0.0.1:6379; "none" runs without). PGlite is one process: no Redis.
  const { createRedis, connectRedis } = await import('../api/src/redis.ts');
  const redisUrl = kind === 'postgres' ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : 'none';
  let redis: ReturnType<typeof createRedis> | undefined;
  if (redisUrl !== 'none') {
    redis = createRedis(redisUrl);
    redis = await connectRedis(redis).then(
      () => redis,
      () => undefined,
    );
  }
  const app = await buildApi({
    ...(redis ? { limitsRedis: redis } : {}),
    db: database.db,
    logger: false,
    rateLimits: false,
    mail: { outboxDir: join(scratch, 'outbox') },
    devOutbox: true,
  });
  if (trace) app.addHook('onResponse', async () => trace.answered());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  // The first ticks: every bench instrument has a price to trade at.
  const picked = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT', 'LTC/USDT']
    .map((code) => app.market.catalogue.byCode(code))
    .filter((i) => i !== undefined)
    .slice(0, 4);
  const deadline = Date.now() + 30_000;
  while (picked.some((i) => !app.market.book.quote(i.id)) && Date.now() < deadline) await sleep(100);
  const instruments = picked
    .filter((i) => app.market.book.quote(i.id))
    .map((i) => ({
      id: i.id,
      code: i.code,
      leverage: Math.min(...i.leverages),
      lots: lotsFor(app.market.book.quote(i.id)!.price, lotTermsFor(i.type, i.anchorPrice.toFixed())),
    }));
  if (instruments.length === 0) throw new Error('bench: no instrument has a price 30 s after the start');
  print({ ready: { kind, port, pid: process.pid, instruments, redis: redis !== undefined } satisfies ServerReady });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      redis?.disconnect();
      const ledger = await checkLedger(database.db);
      print({ ledger });
      await database.close();
    } catch (error) {
      print({ ledger: { error: error instanceof Error ? error.message : String(error) } });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      process.exit(0);
    }
  };
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      const command = line.trim();
      if (command === 'exit') void shutdown();
      else if (command === 'usage') {
        const cpu = process.cpuUsage();
        print({
          usage: {
            at: performance.now(),
            cpuMs: (cpu.user + cpu.system) / 1000,
            rssMb: round(process.memoryUsage().rss / 1024 / 1024),
          } satisfies ServerUsage,
        });
      } else if (command === 'trace') print({ trace: trace?.take() ?? null });
      else if (command === 'holding') {
        // Both drivers answer `query(text)` with `{ rows }`.
        void (database.client as unknown as { query: (text: string) => Promise<{ rows: { n: number }[] }> })
          .query(`select count(*)::int as n from contract_orders where status = 'holding'`)
          .then((result) => print({ holding: result.rows[0]?.n ?? null }))
          .catch(() => print({ holding: null }));
      } else if (command.startsWith('positions ')) {
        const userId = command.slice('positions '.length).replace(/[^0-9a-f-]/g, '');
        void (database.client as unknown as { query: (text: string) => Promise<{ rows: { n: number }[] }> })
          .query(`select count(*)::int as n from contract_orders where status = 'holding' and user_id = '${userId}'`)
          .then((result) => print({ positions: result.rows[0]?.n ?? 0 }))
          .catch(() => print({ positions: 0 }));
      }
    })
    .on('close', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

// ─── the suite ───────────────────────────────────────────────────────────────────────────────────

/** The API process, speaking JSON lines on stdout and taking commands on stdin. */
class ApiProcess extends JsonLinesProcess {
  constructor(kind: DatabaseKind, url: string | undefined) {
    const profile = process.env.BENCH_ORDERS_CPU_PROF;
    // Default names (CPU.<date>.<pid>.<thread>…): tsx's loader thread writes a profile of its own.
    const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
    super(
      spawn(process.execPath, [...flags, '--import', 'tsx', thisFile, 'serve', kind, ...(url ? [url] : [])], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
        env: { ...process.env, MERIDIAN_LOG: 'silent' },
      }),
      'the API process',
    );
  }

  override next<T>(key: string, timeoutMs = 60_000): Promise<T> {
    return super.next<T>(key, timeoutMs);
  }

  async ask<T>(command: string, key = command): Promise<T> {
    this.send(command);
    return this.next<T>(key);
  }

  /** Stops the API (it closes, runs the ledger check, closes its database) and answers the check. */
  async stop(): Promise<LedgerCheck | { error: string }> {
    if (this.exited) return { error: 'the API process had exited' };
    this.send('exit');
    const term = setTimeout(() => this.proc.kill('SIGTERM'), 120_000);
    const kill = setTimeout(() => this.proc.kill('SIGKILL'), 130_000);
    try {
      return await this.next<LedgerCheck | { error: string }>('ledger', 125_000);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    } finally {
      await this.done;
      clearTimeout(term);
      clearTimeout(kill);
    }
  }
}

interface User {
  token: string;
  userId: string;
}

/** Signs a user up through the dev outbox, as a developer would. */
async function signUp(base: string): Promise<User> {
  // Loaded when needed, as bench/faults does: the fault helpers bring the API's test set-up with them.
  const { signUpOver } = await import('../api/test/faults/fault-helpers.ts');
  return signUpOver(base, 'orders-bench');
}

async function signUpMany(base: string, count: number, parallel = 4): Promise<User[]> {
  const users: User[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        users.push(await signUp(base));
      }
    }),
  );
  return users;
}

export interface OrdersRun {
  /** `getUserInfo`: a user without positions; `getUserInfo, holding`: one holding the placement runs' positions. */
  call: 'buyContracts' | 'closeContracts' | 'getUserInfo' | 'getUserInfo, holding';
  /** getUserInfo: the positions the user held. */
  userPositions?: number;
  connections: number;
  seconds: number;
  /** Calls answered with code 200. */
  ok: number;
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers with another envelope code, by code ("non-JSON" when unreadable), and HTTP errors/timeouts. */
  refused: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Holding positions in the database when the run started. */
  holdingAtStart: number | null;
  /** The API process's CPU over the run, % of one core. */
  apiCpuPercent: number;
  /** The whole machine's busy share over the run (all cores, every process), %. */
  machineBusyPercent: number | null;
  /**
   * With BENCH_ORDERS_TRACE=1: statements per call the API answered during the run (background work — the ticks'
   * live PnL and triggered closes, candles — included), and the statements that took the most time.
   */
  trace?: { statementsPerCall: number; top: { sql: string; perCall: number; msPerCall: number; avgMs: number }[] };
  /** Close runs: the queue of open positions ran out and closed ids were sent again (answered 10103). */
  queueRanDry?: boolean;
}

export interface OrdersDatabaseResult {
  database: DatabaseKind;
  /** How the database was reached: PGlite's data folder, or PostgreSQL's pool. */
  setup: string;
  users: number;
  instruments: BenchInstrument[];
  runs: OrdersRun[];
  /** Positions opened (unmeasured) so that the close runs had enough. */
  toppedUp: number;
  ledger: LedgerCheck | { error: string };
}

export interface OrdersSuite {
  date: string;
  cores: number;
  cpuModel: string;
  /** os.loadavg() when the suite started (1, 5, 15 min). */
  loadAverageAtStart: number[];
  node: string;
  seconds: number;
  warmupSeconds: number;
  traced: boolean;
  goals: typeof ORDERS_GOALS;
  userInfoBaseline: typeof USER_INFO_BASELINE;
  /** Fastify's own hello-world on this machine, same load generator and connections: the ceiling of any call. */
  helloWorld: { okPerSecond: number; p50Ms: number; p99Ms: number } | { error: string };
  databases: (OrdersDatabaseResult | { database: DatabaseKind; skipped: string })[];
}

interface Counters {
  ok: number;
  refused: Record<string, number>;
}

const envelopeCode = (body: string) => /^\{"code":"([^"]*)"/.exec(body)?.[1] ?? 'non-JSON';

async function measureDatabase(kind: DatabaseKind, url: string | undefined, setup: string): Promise<OrdersDatabaseResult> {
  const seconds = envNumber('BENCH_ORDERS_SECONDS', 5);
  const warmup = envNumber('BENCH_ORDERS_WARMUP', 1);
  const userCount = envNumber('BENCH_ORDERS_USERS', 50);
  const api = new ApiProcess(kind, url);
  let ledger: LedgerCheck | { error: string } | null = null;
  try {
    const ready = await api.next<ServerReady>('ready', 180_000);
    const base = `http://127.0.0.1:${ready.port}`;
    const users = await signUpMany(base, userCount);
    const [infoUser] = await signUpMany(base, 1, 1);
    const { instruments } = ready;

    // One order first: the bench says why when the API refuses.
    const probe = await fetch(`${base}${endpointPath(tradingEndpoints.buyContracts)}`, {
      method: 'POST',
      headers: { authorization: users[0]!.token, virtually: 'NO', 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({
        instrumentId: instruments[0]!.id,
        side: 'buy',
        lots: instruments[0]!.lots,
        leverage: instruments[0]!.leverage,
      }),
    });
    const probeBody = await probe.text();
    if (envelopeCode(probeBody) !== '200') throw new Error(`bench: a probe order was answered ${probe.status} ${probeBody}`);

    // Open positions, for the close runs: [id, user index], first opened first closed.
    const open: [string, number][] = [];
    let openHead = 0;
    const closedIds: [string, number][] = [];
    let counters: Counters = { ok: 0, refused: {} };
    let turn = 0;
    let dry = false;
    const count = (body: string) => {
      const code = envelopeCode(body);
      if (code === '200') counters.ok += 1;
      else counters.refused[code] = (counters.refused[code] ?? 0) + 1;
      return code;
    };
    const keyed = (token: string) => ({ authorization: token, virtually: 'NO', 'idempotency-key': randomUUID() });

    const placeRequest: autocannon.Request = {
      method: 'POST',
      path: endpointPath(tradingEndpoints.buyContracts),
      setupRequest: (request, context) => {
        const n = turn++;
        const user = n % users.length;
        const instrument = instruments[Math.floor(n / users.length) % instruments.length]!;
        (context as { user: number }).user = user;
        return {
          ...request,
          headers: { ...keyed(users[user]!.token), 'content-type': 'application/json' },
          body: JSON.stringify({
            instrumentId: instrument.id,
            side: n % 2 ? 'sell' : 'buy',
            lots: instrument.lots,
            leverage: instrument.leverage,
          }),
        };
      },
      onResponse: (_status, body, context) => {
        if (count(body) !== '200') return;
        const id = /"id":"(\d+)"/.exec(body)?.[1];
        if (id) open.push([id, (context as { user: number }).user]);
      },
    };
    const closeRequest: autocannon.Request = {
      method: 'POST',
      path: endpointPath(tradingEndpoints.closeContracts, { id: '0' }),
      setupRequest: (request) => {
        let position = open[openHead];
        if (position) openHead += 1;
        else {
          // Out of open positions: a closed one again (answered 10103), so the run goes on and says so.
          dry = true;
          position = closedIds[turn++ % Math.max(closedIds.length, 1)] ?? ['0', 0];
        }
        if (closedIds.length < 1000) closedIds.push(position);
        return {
          ...request,
          path: endpointPath(tradingEndpoints.closeContracts, { id: position[0] }),
          headers: keyed(users[position[1]]!.token),
        };
      },
      onResponse: (_status, body) => void count(body),
    };
    const infoRequest: autocannon.Request = {
      method: 'POST',
      path: endpointPath(accountsEndpoints.getUserInfo),
      headers: { authorization: infoUser!.token },
      onResponse: (_status, body) => void count(body),
    };

    const runs: OrdersRun[] = [];
    const run = async (call: OrdersRun['call'], connections: number, request: autocannon.Request) => {
      await autocannon({ url: base, connections, duration: warmup, requests: [request] });
      await sleep(200);
      const holdingAtStart = await api.ask<number | null>('holding');
      if (process.env.BENCH_ORDERS_TRACE === '1') await api.ask('trace');
      counters = { ok: 0, refused: {} };
      dry = false;
      const before = await api.ask<ServerUsage>('usage');
      const machineBefore = machineJiffies();
      const result = await autocannon({ url: base, connections, duration: seconds, requests: [request] });
      const machineAfter = machineJiffies();
      const after = await api.ask<ServerUsage>('usage');
      const done = counters;
      // Traced: the calls cut off at the end finish first.
      const trace = process.env.BENCH_ORDERS_TRACE === '1' ? await sleep(300).then(() => api.ask<StatementTrace>('trace')) : null;
      // Per call the API answered while traced (calls cut off at the run's end finish in the API too).
      const calls = Math.max(trace?.calls ?? done.ok, 1);
      const entry: OrdersRun = {
        call,
        connections,
        seconds: result.duration,
        ok: done.ok,
        okPerSecond: Math.round(done.ok / result.duration),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        refused: done.refused,
        errors: result.errors,
        timeouts: result.timeouts,
        holdingAtStart,
        apiCpuPercent: round(((after.cpuMs - before.cpuMs) / (after.at - before.at)) * 100),
        machineBusyPercent:
          machineBefore && machineAfter
            ? round(((machineAfter.busy - machineBefore.busy) / Math.max(machineAfter.total - machineBefore.total, 1)) * 100)
            : null,
        ...(trace
          ? {
              trace: {
                statementsPerCall: round(trace.statements / calls, 2),
                top: trace.byStatement.slice(0, 14).map((s) => ({
                  sql: s.sql,
                  perCall: round(s.count / calls, 2),
                  msPerCall: round(s.totalMs / calls, 3),
                  avgMs: round(s.totalMs / s.count, 3),
                })),
              },
            }
          : {}),
        ...(call === 'closeContracts' ? { queueRanDry: dry } : {}),
      };
      runs.push(entry);
      console.error(
        `orders bench: ${kind} ${call} ×${connections}: ${entry.okPerSecond}/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms` +
          (Object.keys(entry.refused).length ? `, refused ${JSON.stringify(entry.refused)}` : '') +
          ` (API CPU ${entry.apiCpuPercent} %, machine ${entry.machineBusyPercent ?? '—'} %)`,
      );
      // In-flight calls cut off at the end finish before the next run.
      await sleep(500);
      return entry;
    };

    await run('getUserInfo', 10, infoRequest);
    const place10 = await run('buyContracts', 10, placeRequest);
    const place50 = await run('buyContracts', 50, placeRequest);
    // Enough open positions for both close runs at twice the placement rate (closes run about as many statements).
    const rate = Math.max(place10.okPerSecond, place50.okPerSecond, 100);
    const need = Math.ceil(2 * (warmup + seconds) * rate * 2);
    let toppedUp = 0;
    if (open.length - openHead < need) {
      const before = open.length;
      counters = { ok: 0, refused: {} };
      await autocannon({ url: base, connections: 50, amount: need - (open.length - openHead), requests: [placeRequest] });
      toppedUp = open.length - before;
      await sleep(500);
    }
    await run('closeContracts', 10, closeRequest);
    await run('closeContracts', 50, closeRequest);
    // A user holding positions: their floating PnL is summed over every position at the current prices on each call.
    const holder = users[0]!;
    const holding = await api.ask<number>(`positions ${holder.userId}`, 'positions');
    const holderRun = await run('getUserInfo, holding', 10, {
      method: 'POST',
      path: endpointPath(accountsEndpoints.getUserInfo),
      headers: { authorization: holder.token },
      onResponse: (_status, body) => void count(body),
    });
    holderRun.userPositions = holding;
    ledger = await api.stop();
    return {
      database: kind,
      setup: ready.redis ? `${setup}, with Redis` : setup,
      users: users.length,
      instruments,
      runs,
      toppedUp,
      ledger,
    };
  } finally {
    if (!ledger) await api.stop();
  }
}

interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}

/** A throw-away PostgreSQL database for one run, or why there is none. */
async function throwawayPostgres(): Promise<{ url: string; drop: () => Promise<void> } | { skipped: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = (await import(join(root, 'api', 'node_modules', 'pg', 'lib', 'index.js'))) as {
    default: { Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => PgClient };
  };
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  const shown = adminUrl.replace(/\/\/[^@/]*@/, '//…@');
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${shown}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const name = `meridian_bench_${process.pid}`;
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    return { skipped: `could not create ${name} at ${shown}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Fastify's hello-world in a process of its own, at 10 connections: what one Node process answers at most here. */
async function measureHelloWorld(): Promise<OrdersSuite['helloWorld']> {
  const hello = new JsonLinesProcess(
    spawn(process.execPath, ['--import', 'tsx', thisFile, 'hello'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] }),
    'the hello-world process',
  );
  try {
    const { port } = await hello.next<{ port: number }>('ready', 60_000);
    const url = `http://127.0.0.1:${port}/hello`;
    await autocannon({ url, connections: 10, duration: envNumber('BENCH_ORDERS_WARMUP', 1), method: 'POST' });
    const result = await autocannon({ url, connections: 10, duration: envNumber('BENCH_ORDERS_SECONDS', 5), method: 'POST' });
    const okPerSecond = Math.round(result['2xx'] / result.duration);
    console.error(`orders bench: fastify hello-world ×10: ${okPerSecond}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    return { okPerSecond, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    hello.proc.kill('SIGTERM');
    await hello.done;
  }
}

export async function measureOrders(): Promise<OrdersSuite> {
  const suite: OrdersSuite = {
    date: new Date().toISOString(),
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverageAtStart: loadavg().map((x) => round(x, 2)),
    node: process.version,
    seconds: envNumber('BENCH_ORDERS_SECONDS', 5),
    warmupSeconds: envNumber('BENCH_ORDERS_WARMUP', 1),
    traced: process.env.BENCH_ORDERS_TRACE === '1',
    goals: ORDERS_GOALS,
    userInfoBaseline: USER_INFO_BASELINE,
    helloWorld: await measureHelloWorld(),
    databases: [],
  };
  const wanted = (process.env.BENCH_ORDERS_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
  if (wanted.includes('pglite')) {
    const setup = process.env.BENCH_ORDERS_PGLITE_DIR === 'memory' ? 'PGlite, memory://' : 'PGlite, data folder on disk (as npm start)';
    try {
      suite.databases.push(await measureDatabase('pglite', undefined, setup));
    } catch (error) {
      suite.databases.push({ database: 'pglite', skipped: `not measured: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  if (wanted.includes('postgres')) {
    const pg = await throwawayPostgres();
    if ('skipped' in pg) {
      console.error(`orders bench: PostgreSQL skipped (${pg.skipped})`);
      suite.databases.push({ database: 'postgres', skipped: pg.skipped });
    } else {
      try {
        suite.databases.push(await measureDatabase('postgres', pg.url, 'PostgreSQL, openDatabase pool (max 10 connections)'));
      } catch (error) {
        suite.databases.push({ database: 'postgres', skipped: `not measured: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        await pg.drop();
      }
    }
  }
  return suite;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

export function ordersMarkdown(suite: OrdersSuite): string {
  const g = ORDERS_GOALS;
  const rows: string[] = [];
  for (const db of suite.databases) {
    if ('skipped' in db) {
      rows.push(`| ${db.database} | — | — | ${db.skipped} |${' |'.repeat(8)}`);
      continue;
    }
    for (const r of db.runs) {
      const info = r.call.startsWith('getUserInfo');
      const rateGoal = info ? g.userInfoPerSecond : db.database === 'pglite' ? g.pgliteOrdersPerSecond : g.postgresOrdersPerSecond;
      const p99Goal = info ? null : g.p99Ms;
      const refused = Object.entries(r.refused)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ');
      const cells = [
        db.database,
        r.userPositions === undefined ? r.call : `${r.call} (${r.userPositions} positions)`,
        r.connections,
        `${r.okPerSecond.toLocaleString('en')} (≥ ${rateGoal.toLocaleString('en')}) ${mark(r.okPerSecond >= rateGoal)}`,
        r.p50Ms,
        p99Goal === null ? `${r.p99Ms}` : `${r.p99Ms} (≤ ${p99Goal}) ${mark(r.p99Ms <= p99Goal)}`,
        r.maxMs,
        [refused, r.errors ? `errors: ${r.errors}` : '', r.timeouts ? `timeouts: ${r.timeouts}` : '', r.queueRanDry ? 'queue ran dry' : '']
          .filter(Boolean)
          .join('; ') || '0',
        r.holdingAtStart ?? '—',
        r.apiCpuPercent,
        r.machineBusyPercent ?? '—',
      ];
      rows.push(`| ${cells.join(' | ')} |`);
    }
  }
  const measured = suite.databases.filter((d): d is OrdersDatabaseResult => !('skipped' in d));
  const traces = measured.flatMap((db) =>
    db.runs
      .filter((r) => r.trace)
      .map(
        (r) =>
          `- ${db.database} ${r.call} ×${r.connections}: ${r.trace!.statementsPerCall} statements per call; most time: ` +
          r
            .trace!.top.slice(0, 6)
            .map((s) => `\`${s.sql.slice(0, 70)}\` ${s.perCall}×, ${s.msPerCall} ms/call`)
            .join('; '),
      ),
  );
  return [
    `Order calls under load (${suite.date}; ${suite.cores} cores, ${suite.cpuModel}; load average at start ${suite.loadAverageAtStart.join(', ')}; ` +
      `${suite.warmupSeconds} s warm-up + ${suite.seconds} s per run; autocannon, one call in flight per connection${suite.traced ? '; TRACED: statements timed, figures slower than untraced' : ''}):`,
    '',
    '| database | call | connections | done/s (goal) | p50 ms | p99 ms (goal) | max ms | refused (code: n) | holding positions at start | API CPU (% of a core) | machine busy % |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ...rows,
    '',
    `Goals (the issue): ≥ ${g.pgliteOrdersPerSecond.toLocaleString('en')} orders/s on PGlite and ≥ ${g.postgresOrdersPerSecond.toLocaleString('en')} on PostgreSQL (pool) with p99 ≤ ${g.p99Ms} ms ` +
      `(closes flagged against the same goal); getUserInfo signed in ≥ ${g.userInfoPerSecond.toLocaleString('en')} req/s (issue 29; before it: ${USER_INFO_BASELINE.postgresRequestsPerSecond} req/s on PostgreSQL); ` +
      ('error' in suite.helloWorld
        ? `fastify's hello-world not measured (${suite.helloWorld.error}). `
        : `fastify's own hello-world in this run, the ceiling of any call here: ${suite.helloWorld.okPerSecond.toLocaleString('en')} req/s (p50 ${suite.helloWorld.p50Ms} ms, p99 ${suite.helloWorld.p99Ms} ms), 10 connections. `) +
      `"done" = answered with code 200; orders in demo accounts (\`virtually: NO\`), round-robin over ${measured[0]?.users ?? '—'} users and ${measured[0]?.instruments.map((i) => i.code).join(', ') ?? '—'}.`,
    '',
    ...measured.map((db) => {
      const l = db.ledger;
      const ledger =
        'error' in l
          ? `not run (${l.error})`
          : `${l.ok ? 'ok' : 'FAILED'}: ${l.accounts.toLocaleString('en')} accounts, ${l.transfers.toLocaleString('en')} transfers; ` +
            // Every list the check returns (mismatches, unbalanced, overdrawn, …), by its length.
            Object.entries(l)
              .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
              .map(([name, list]) => `${list.length} ${name}`)
              .join(', ');
      return `- ${db.database} (${db.setup}): ledger check ${ledger}${db.toppedUp ? `; ${db.toppedUp.toLocaleString('en')} positions opened unmeasured for the close runs` : ''}.`;
    }),
    ...(traces.length ? ['', 'Statements (BENCH_ORDERS_TRACE=1):', '', ...traces] : []),
    '',
  ].join('\n');
}

/** Writes bench/results/orders.json and orders.md (the latest orders run). */
export function writeOrdersResults(suite: OrdersSuite): void {
  writeResults('orders', suite, ordersMarkdown(suite));
}

// ─── alone ───────────────────────────────────────────────────────────────────────────────────────

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'hello') {
    // The ceiling: fastify answering a small JSON envelope, nothing else.
    const { default: Fastify } = (await import(join(root, 'api', 'node_modules', 'fastify', 'fastify.js'))) as {
      default: (options: object) => {
        post: (path: string, handler: () => Promise<object>) => void;
        listen: (options: object) => Promise<string>;
        server: { address: () => AddressInfo };
      };
    };
    const app = Fastify({ logger: false });
    app.post('/hello', async () => ({ code: '200', message: 'ok', result: { hello: 'world' } }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    process.stdout.write(`${JSON.stringify({ ready: { port: app.server.address().port } })}\n`);
  } else if (process.argv[2] === 'serve') {
    const kind = process.argv[3];
    if (kind !== 'pglite' && kind !== 'postgres') {
      console.error('usage: orders-bench.ts serve pglite|postgres [url]');
      process.exit(2);
    }
    await serve(kind, process.argv[4]);
  } else {
    const suite = await measureOrders();
    writeOrdersResults(suite);
    console.log(ordersMarkdown(suite));
    for (const db of suite.databases) if (!('skipped' in db)) console.log(`ledger check, ${db.database}:`, JSON.stringify(db.ledger));
  }
}
