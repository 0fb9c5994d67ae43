/**
 * What the fault tests (and bench/faults) share: the API in a child process that can be killed and started again
 * on the same database, a throw-away PostgreSQL database, HTTP calls as the site makes them, and a seeded random.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
import { endpointPath } from '@meridian/contracts';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { devEndpoints } from '@meridian/contracts/endpoints/dev';
import { ownPostgres } from '../helpers.ts';

const serverFile = join(import.meta.dirname, 'fault-server.ts');
const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** Where the API keeps its data across restarts: a PGlite folder, or a PostgreSQL database of its own. */
export interface FaultStore {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** The `openDatabase` options that reach the same data from this process (PGlite: only while no API runs). */
  open: { url: string } | { dataDir: string };
  /** Removes the folder or drops the database. */
  remove: () => Promise<void>;
}

export function pgliteStore(): FaultStore {
  const scratch = mkdtempSync(join(tmpdir(), 'meridian-faults-'));
  mkdirSync(join(scratch, 'outbox'));
  const dataDir = join(scratch, 'db');
  return {
    kind: 'pglite',
    env: { FAULT_DATA_DIR: dataDir, FAULT_OUTBOX: join(scratch, 'outbox') },
    open: { dataDir },
    remove: async () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** A database of its own on the PostgreSQL server of `shared` (dropped by `remove`). */
export async function postgresStore(shared: string): Promise<FaultStore> {
  const { url, drop } = await ownPostgres(shared);
  const scratch = mkdtempSync(join(tmpdir(), 'meridian-faults-'));
  return {
    kind: 'postgres',
    env: { FAULT_DATABASE_URL: url, FAULT_OUTBOX: scratch },
    open: { url },
    remove: async () => {
      rmSync(scratch, { recursive: true, force: true });
      await drop();
    },
  };
}

/** A free loopback port (so a restarted API listens where its clients left it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the API process says once it listens: where, and how long its start took (in the process). */
export interface Ready {
  port: number;
  pid: number;
  startMs: number;
  phases: { loadMs: number; openMs: number; buildMs: number };
}

/** One run of the API process (fault-server.ts) on a store. */
export class FaultServer {
  readonly exited: Promise<void>;
  private readonly proc: ChildProcess;
  private stderr = '';
  /** Every JSON line the process wrote on stdout (the ready line, and a scenario's own reports). */
  readonly messages: Record<string, unknown>[] = [];

  private constructor(proc: ChildProcess) {
    this.proc = proc;
    this.exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    proc.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
  }

  /** Starts the API and waits until it listens. */
  static async start(store: FaultStore, port = 0, timeoutMs = 90_000, env: Record<string, string> = {}): Promise<FaultServer & Ready> {
    const proc = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...store.env, ...env, FAULT_PORT: String(port) },
    });
    const server = new FaultServer(proc);
    const ready = await new Promise<Ready>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Not left running behind the failure.
        proc.kill('SIGKILL');
        reject(new Error(`fault server: not listening after ${timeoutMs} ms\n${server.stderr}`));
      }, timeoutMs);
      void server.exited.then(() => reject(new Error(`fault server exited before listening\n${server.stderr}`)));
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        try {
          const message = JSON.parse(line) as { ready?: Ready };
          server.messages.push(message);
          if (message.ready) {
            clearTimeout(timer);
            resolve(message.ready);
          }
        } catch {
          // not a line of ours
        }
      });
    });
    return Object.assign(server, ready);
  }

  /** SIGKILL: no shutdown hook runs, open transactions and unsynced writes are lost as in a crash. */
  async kill(): Promise<void> {
    this.proc.kill('SIGKILL');
    await this.exited;
  }

  /** A clean stop (closes the sockets and the database). */
  async stop(): Promise<void> {
    this.proc.kill('SIGTERM');
    await this.exited;
  }
}

/** What one call answered: the envelope and whether it was a replay, or the transport error (the API died). */
export type CallResult =
  { ok: true; status: number; body: { code: string; message: string; result: unknown }; replayed: boolean } | { ok: false; error: string };

export async function call(
  base: string,
  path: string,
  {
    token,
    body,
    key,
    method = 'POST',
    mode = 'demo',
  }: { token?: string; body?: unknown; key?: string; method?: string; mode?: 'demo' | 'real' } = {},
): Promise<CallResult> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: token, virtually: mode === 'real' ? 'YES' : 'NO' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      ok: true,
      status: res.status,
      body: JSON.parse(text) as { code: string; message: string; result: unknown },
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error) };
  }
}

export interface FaultUser {
  email: string;
  token: string;
  userId: string;
}

/** Signs a user up through the dev outbox, as the site does (code by mail, then register). */
export async function signUpOver(base: string, label = 'fault'): Promise<FaultUser> {
  const email = `${label}-${randomUUID().slice(0, 12)}@example.com`;
  const sent = await call(base, endpointPath(accountsEndpoints.sendCode), { body: { email, purpose: 'register', language: 'en' } });
  if (!sent.ok || sent.body.code !== '200') throw new Error(`sendCode: ${JSON.stringify(sent)}`);
  const mails = await call(base, `${endpointPath(devEndpoints.devOutbox)}?to=${encodeURIComponent(email)}`, { method: 'GET' });
  const text = mails.ok ? ((mails.body.result as { text: string }[])[0]?.text ?? '') : '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const registered = await call(base, endpointPath(accountsEndpoints.register), {
    body: { email, password: 'fault password 42', code, language: 'en' },
  });
  if (!registered.ok || registered.body.code !== '200') throw new Error(`register: ${JSON.stringify(registered)}`);
  const result = registered.body.result as { token: string; user: { id: string } };
  return { email, token: result.token, userId: result.user.id };
}

/** A small seeded generator (the market's mulberry32): one seed replays one run's delays and mixes. */
export { seededRandom } from '../../src/market/seeded-random.ts';

/** Resolves when `predicate` holds, polling every `everyMs` (no fixed sleeps in the tests). */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
