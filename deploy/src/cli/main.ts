import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildParts, isUpToDate, repoRoot } from '@meridian/build';
import { RELEASABLE_PARTS } from '@meridian/contracts';
import type { RolloutDocument } from '@meridian/contracts';
import { ArtifactStore, isReleasablePart } from '../registry/artifact-store.ts';
import type { TelemetryRow } from '../registry/rollout-store.ts';
import { incompatibleShared } from '../registry/shared-compat.ts';
import { login, logout, storedToken } from './operator-login.ts';

/**
 * `pnpm release <verb>` — the release engineers' tool.
 *   publish <remote> --version <semver> [--env <env>] [--dist <dir>]
 *   canary <remote> <version> --weight <0-100> [--env <env>]
 *   promote <remote…> | rollback <remote…> [--env <env>]
 *   status [--json] [--env <env>] | history <remote> [--env <env>] | restore <revision> [--env <env>]
 *   login [--email <operator email>] | logout
 * The registry is MERIDIAN_REGISTRY_URL (default http://127.0.0.1:$PORT or :8080). Calls carry the
 * operator session of `login` (kept 0600 in the user's config dir); automation may instead set the
 * break-glass MERIDIAN_ADMIN_TOKEN. Artifacts go to $MERIDIAN_DATA_DIR/artifacts (default .data/artifacts).
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    env: { type: 'string', default: process.env.MERIDIAN_ENV ?? 'production' },
    dist: { type: 'string' },
    weight: { type: 'string' },
    json: { type: 'boolean', default: false },
    actor: { type: 'string', default: process.env.USER ?? 'release-cli' },
    force: { type: 'boolean', default: false },
    'local-shell': { type: 'boolean', default: false },
    email: { type: 'string' },
  },
});
const [verb, ...args] = positionals;
const env = values.env!;
const registry = process.env.MERIDIAN_REGISTRY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const dataDir = process.env.MERIDIAN_DATA_DIR ?? join(repoRoot, '.data');

function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = process.env.MERIDIAN_ADMIN_TOKEN || storedToken(registry);
  if (!token) fail(`not signed in to ${registry}: run \`npm run release -- login\` (an operator with the release role)`);
  const response = await fetch(`${registry}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-release-actor': values.actor!,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => fail(`the registry at ${registry} did not answer (${String(error)})`));
  const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string; result?: T };
  if (response.status === 401 && !process.env.MERIDIAN_ADMIN_TOKEN)
    fail(`your operator session at ${registry} has ended: run \`npm run release -- login\` again`);
  if (response.status === 403) fail(`refused: your operator has no role for this (${payload.message ?? '403'})`);
  if (!response.ok || payload.code !== '200') fail(payload.message ?? `${response.status} ${response.statusText}`);
  return payload.result as T;
}

function remoteArg(value: string | undefined): string {
  if (!value || !isReleasablePart(value)) fail(`name a part: ${RELEASABLE_PARTS.join(', ')}`);
  return value;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/**
 * The manifest of the shell the environment serves (its stable version, from the registry). Only with
 * `--local-shell` is the local shell build used instead — never silently.
 */
async function servedShellManifest(artifacts: ArtifactStore): Promise<string> {
  if (values['local-shell']) return join(repoRoot, 'shell', 'dist', 'mf-manifest.json');
  const { rollout } = await call<{ rollout: RolloutDocument }>('GET', `/api/release/status?env=${env}`);
  const stable = rollout.remotes.shell?.stable;
  if (!stable) fail(`${env} serves no shell yet; publish and promote one, or pass --local-shell`);
  return join(artifacts.versionDir('shell', stable), 'mf-manifest.json');
}

async function publish(): Promise<void> {
  const remote = remoteArg(args[0]);
  const version = values.version ?? fail('publish needs --version <semver>');
  let dist = values.dist;
  if (!dist) {
    if (!isUpToDate(remote)) await buildParts([remote]);
    dist = join(repoRoot, remote, 'dist');
  }
  const artifacts = new ArtifactStore(join(dataDir, 'artifacts'));
  if (remote !== 'shell') {
    const problems = incompatibleShared(join(dist, 'mf-manifest.json'), await servedShellManifest(artifacts));
    if (problems.length) fail(`RELEASE-030: ${remote}@${version} cannot run in the shell served in ${env}:\n  ${problems.join('\n  ')}`);
  }
  const record = artifacts.publish(remote, version, dist);
  console.log(`published ${remote}@${version} (${record.integrity})`);
}

/** The failure rate the rollback policy judges (loads and failures weighed per network). */
const weighedRate = (t: TelemetryRow | undefined) => (t?.weighedLoads ? t.weighedFailures / t.weighedLoads : 0);

async function status(): Promise<void> {
  const { rollout, telemetry } = await call<{ rollout: RolloutDocument; telemetry: TelemetryRow[] }>(
    'GET',
    `/api/release/status?env=${env}`,
  );
  if (values.json) return console.log(JSON.stringify({ rollout, telemetry }, null, 2));
  console.log(`${env} — revision ${rollout.revision}${rollout.allowOverrides ? ' (overrides allowed)' : ''}`);
  const rows = Object.entries(rollout.remotes).map(([remote, r]) => {
    const stat = (v: string | undefined) => telemetry.find((t) => t.remote === remote && t.version === v);
    const c = stat(r.canary?.version);
    const s = stat(r.stable);
    return {
      remote,
      stable: r.stable,
      canary: r.canary ? r.canary.version : '—',
      weight: r.canary ? String(r.canary.weight) : '—',
      loads: `${s?.loads ?? 0}/${c?.loads ?? 0}`,
      failures: `${(s?.loadFailures ?? 0) + (s?.mountFailures ?? 0)}/${(c?.loadFailures ?? 0) + (c?.mountFailures ?? 0)}`,
      'failure rate': `${pct(weighedRate(s))}/${pct(weighedRate(c))}`,
      'failing networks': `${s?.failingNetworks ?? 0}/${c?.failingNetworks ?? 0}`,
      flag: r.autoRolledBack ? `AUTO-ROLLED-BACK ${r.autoRolledBack.version}` : '',
    };
  });
  console.table(rows);
  console.log('loads, failures, failure rate and failing networks: stable/canary');
  console.log('failure rate: as the rollback policy weighs it, each network counting at most 20 loads and 5 failures');
}

try {
  await run();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

async function run(): Promise<void> {
  switch (verb) {
    case 'publish':
      await publish();
      break;
    case 'canary': {
      const remote = remoteArg(args[0]);
      const version = args[1] ?? fail('canary <remote> <version> --weight <0-100>');
      const weight = Number(values.weight ?? fail('canary needs --weight <0-100>'));
      const doc = await call<RolloutDocument>('POST', '/api/release/canary', { env, remote, version, weight });
      console.log(`${env} revision ${doc.revision}: ${remote} canary ${version} at ${weight}%`);
      break;
    }
    case 'promote':
    case 'rollback': {
      const remotes = args.map(remoteArg);
      if (remotes.length === 0) fail(`${verb} <remote…>`);
      const doc = await call<RolloutDocument>('POST', `/api/release/${verb}`, {
        env,
        remotes,
        ...(verb === 'promote' && values.force ? { force: true } : {}),
      });
      for (const r of remotes) console.log(`${env} revision ${doc.revision}: ${r} stable ${doc.remotes[r]?.stable}`);
      break;
    }
    case 'status':
      await status();
      break;
    case 'login':
      await login(registry, values.email, fail);
      break;
    case 'logout':
      await logout(registry);
      break;
    case 'history': {
      const remote = args[0] ? remoteArg(args[0]) : undefined;
      const entries = await call<{ revision: number; actor: string; action: string; at: string }[]>(
        'GET',
        `/api/release/history?env=${env}${remote ? `&remote=${remote}` : ''}`,
      );
      if (values.json) console.log(JSON.stringify(entries, null, 2));
      else console.table(entries.map((e) => ({ revision: e.revision, at: e.at, actor: e.actor, change: e.action })));
      break;
    }
    case 'restore': {
      const revision = Number(args[0] ?? fail('restore <revision>'));
      const doc = await call<RolloutDocument>('POST', '/api/release/restore', { env, revision });
      console.log(`${env} restored revision ${revision} as revision ${doc.revision}`);
      break;
    }
    default:
      fail('verbs: login, logout, publish, canary, promote, rollback, status, history, restore');
  }
}
