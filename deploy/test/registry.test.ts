import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ArtifactStore } from '../src/registry/artifact-store.ts';
import { RolloutStore } from '../src/registry/rollout-store.ts';

function fakeDist(content = 'var mfe_help;'): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  writeFileSync(join(dir, 'mf-manifest.json'), '{}');
  writeFileSync(join(dir, '.inputs-hash'), 'x');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'chunk.1234abcd.js'), '1');
  return dir;
}

const pgUrl = process.env.TEST_DATABASE_URL;
const pools: pg.Pool[] = [];
const clients: PGlite[] = [];

/** A fresh registry database: PGlite in memory, or a clean schema on PostgreSQL. */
async function freshStore(): Promise<RolloutStore> {
  if (pgUrl) {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 5 });
    pools.push(pool);
    await pool.query(
      'DROP TABLE IF EXISTS registry_rollouts, registry_rollout_history, registry_telemetry, registry_telemetry_failers, registry_telemetry_networks CASCADE',
    );
    await pool.query('DROP TABLE IF EXISTS drizzle.registry_migrations');
    return RolloutStore.open(pool);
  }
  const client = new PGlite('memory://');
  clients.push(client);
  return RolloutStore.open(client);
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await Promise.all(clients.map((c) => c.close()));
});

describe('artifact store', () => {
  it('publishes an immutable version with the SRI of its entry', () => {
    const store = new ArtifactStore(mkdtempSync(join(tmpdir(), 'artifacts-')));
    const record = store.publish('mfe-help', '1.0.0', fakeDist());
    expect(record.integrity).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
    expect(store.has('mfe-help', '1.0.0')).toBe(true);
    expect(store.versions('mfe-help')).toEqual(['1.0.0']);
    expect(() => store.publish('mfe-help', '1.0.0', fakeDist('other'))).toThrow(/RELEASE-003/);
  });

  it('refuses unknown remotes, bad versions and builds without an entry', () => {
    const store = new ArtifactStore(mkdtempSync(join(tmpdir(), 'artifacts-')));
    expect(() => store.publish('mfe-nope', '1.0.0', fakeDist())).toThrow(/RELEASE-001/);
    expect(() => store.publish('mfe-help', 'latest', fakeDist())).toThrow(/RELEASE-002/);
    expect(() => store.publish('mfe-help', '1.0.0', mkdtempSync(join(tmpdir(), 'empty-')))).toThrow(/RELEASE-004/);
  });
});

describe(`rollout store (${pgUrl ? 'postgres' : 'pglite'})`, () => {
  let store: RolloutStore;
  beforeEach(async () => {
    store = await freshStore();
  });

  it('bumps the revision on each change, refuses a stale compare-and-set, and audits every change', async () => {
    expect((await store.read('production')).revision).toBe(0);
    const doc = await store.setStable('production', 'mfe-help', '1.0.0', 'sha384-a', 'alice');
    expect(doc.revision).toBe(1);
    expect(doc.remotes['mfe-help']).toMatchObject({ stable: '1.0.0', canary: null, integrity: { '1.0.0': 'sha384-a' } });
    expect((await store.setStable('production', 'mfe-help', '1.0.0', 'sha384-a')).revision).toBe(1);
    await expect(store.update('production', 0, 'bob', 'noop', () => undefined)).rejects.toThrow(/RELEASE-011/);
    expect((await store.update('production', 1, 'bob', 'no change', () => undefined)).revision).toBe(1);
    expect(
      (
        await store.update('production', 1, 'bob', 'allow overrides', (d) => {
          d.allowOverrides = true;
        })
      ).revision,
    ).toBe(2);
    const history = await store.history('production');
    expect(history.map((h) => `${h.revision}:${h.actor}`)).toEqual(['2:bob', '1:alice']);
  });

  it('canary → promote → rollback, with the previous stable kept', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'sha384-a');
    let doc = await store.canary('production', 'mfe-help', '1.1.0', 30, 'sha384-b', 'ops');
    expect(doc.remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 30 });
    doc = await store.promote('production', ['mfe-help'], 'ops');
    expect(doc.remotes['mfe-help']).toMatchObject({ stable: '1.1.0', previous: '1.0.0', canary: null });
    doc = await store.rollback('production', ['mfe-help'], 'ops');
    expect(doc.remotes['mfe-help']).toMatchObject({ stable: '1.0.0', previous: '1.1.0' });
    await expect(store.promote('production', ['mfe-help'], 'ops')).rejects.toThrow(/RELEASE-023/);
  });

  it('promotes a release set in one revision', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.setStable('production', 'mfe-loans', '1.0.0', 'b');
    await store.canary('production', 'mfe-help', '1.1.0', 10, 'c', 'ops');
    await store.canary('production', 'mfe-loans', '1.1.0', 10, 'd', 'ops');
    const before = (await store.read('production')).revision;
    const doc = await store.promote('production', ['mfe-help', 'mfe-loans'], 'ops');
    expect(doc.revision).toBe(before + 1);
    expect([doc.remotes['mfe-help']?.stable, doc.remotes['mfe-loans']?.stable]).toEqual(['1.1.0', '1.1.0']);
  });

  it('restores an earlier revision as a new revision', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.canary('production', 'mfe-help', '1.1.0', 50, 'b', 'ops');
    await store.promote('production', ['mfe-help'], 'ops');
    const doc = await store.restore('production', 1, 'ops');
    expect(doc.revision).toBe(4);
    expect(doc.remotes['mfe-help']).toMatchObject({ stable: '1.0.0', canary: null });
  });

  it('never loses an update when canary commands race', async () => {
    const others = pgUrl
      ? await Promise.all([0, 1].map(() => RolloutStore.open(new pg.Pool({ connectionString: pgUrl, max: 3 }))))
      : [store, store];
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.setStable('production', 'mfe-loans', '1.0.0', 'a');
    // Two "registry processes" (two pools on PostgreSQL) change different remotes at the same time.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        others[0]!.canary('production', 'mfe-help', `1.0.${i + 1}`, i + 1, 'x', 'one'),
        others[1]!.canary('production', 'mfe-loans', `1.0.${i + 1}`, i + 1, 'x', 'two'),
      ]).flat(),
    );
    const doc = await store.read('production');
    expect(doc.revision).toBe(22);
    expect(doc.remotes['mfe-help']?.canary).not.toBeNull();
    expect(doc.remotes['mfe-loans']?.canary).not.toBeNull();
    expect((await store.history('production')).length).toBe(22);
  });

  it('rolls a failing canary back by itself, audited, once it has enough loads from enough networks', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.canary('production', 'mfe-help', '1.1.0', 30, 'b', 'ops');
    const from = (n: number) => ({ ms: 100, network: `network-${n}` });
    for (let i = 0; i < 40; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.0.0', 'load', from(i));
    for (let i = 0; i < 45; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load', from(i));
    for (let i = 0; i < 4; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', from(i));
    expect((await store.read('production')).remotes['mfe-help']?.canary?.weight).toBe(30); // 49 loads: not yet
    await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', from(4));
    const doc = await store.read('production');
    expect(doc.remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 0 });
    expect(doc.remotes['mfe-help']?.autoRolledBack).toMatchObject({ version: '1.1.0' });
    expect((await store.history('production'))[0]).toMatchObject({ actor: 'registry (automatic rollback)' });
    const t = (await store.telemetry('production')).find((r) => r.version === '1.1.0')!;
    expect(t).toMatchObject({ loads: 50, loadFailures: 5, failingNetworks: 5, weighedLoads: 50, weighedFailures: 5 });
    expect(await store.telemetry('staging')).toEqual([]);
    await expect(store.promote('production', ['mfe-help'], 'ops')).rejects.toThrow(/RELEASE-029/);
    const revision = (await store.read('production')).revision;
    await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', from(5));
    expect((await store.read('production')).revision).toBe(revision);
    // A re-started canary is judged on its own loads and its own failing networks.
    await store.canary('production', 'mfe-help', '1.1.0', 10, 'b', 'ops');
    expect((await store.telemetry('production', 'mfe-help')).find((r) => r.version === '1.1.0')).toBeUndefined();
    await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'mount-failure', from(0));
    expect((await store.telemetry('production', 'mfe-help')).find((r) => r.version === '1.1.0')).toMatchObject({ failingNetworks: 1 });
  });

  it('does not let one network roll a canary back, however many failures it reports, nor lean on four networks that failed once', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.canary('production', 'mfe-help', '1.1.0', 30, 'b', 'ops');
    const attacker = { network: 'one-network' };
    for (let i = 0; i < 120; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', attacker);
    for (let i = 0; i < 40; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'mount-failure', attacker);
    expect((await store.read('production')).remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 30 });
    const t = (await store.telemetry('production', 'mfe-help')).find((r) => r.version === '1.1.0')!;
    expect(t).toMatchObject({ loads: 120, loadFailures: 120, mountFailures: 40, failingNetworks: 1, weighedLoads: 20, weighedFailures: 5 });
    await store.canary('production', 'mfe-help', '1.1.0', 30, 'b', 'ops');
    // 49 failures from one network and one each from four others: five networks, but they weigh 24 loads.
    for (let i = 0; i < 49; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', attacker);
    for (let i = 1; i <= 4; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', { network: `h${i}` });
    expect((await store.read('production')).remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 30 });
    // Visitors on 26 more networks failing too: now the canary has been judged on enough of them.
    for (let i = 1; i <= 25; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', { network: `v${i}` });
    expect((await store.read('production')).remotes['mfe-help']?.canary?.weight).toBe(30);
    await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', { network: 'v26' });
    expect((await store.read('production')).remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 0 });
  });

  it('one network reporting many good loads cannot hold off the rollback of a canary that fails for everybody else', async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    await store.canary('production', 'mfe-help', '1.1.0', 30, 'b', 'ops');
    // Padding first: 1,000 good loads would dilute 40 failures to 3.8 %, under the 5 % threshold.
    for (let i = 0; i < 1000; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load', { network: 'padder', ms: 5 });
    for (let i = 0; i < 40; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.1.0', 'load-failure', { network: `v${i}` });
    const t = (await store.telemetry('production', 'mfe-help')).find((r) => r.version === '1.1.0')!;
    expect(t.failureRate).toBeLessThan(0.05);
    expect(t).toMatchObject({ weighedLoads: 60, weighedFailures: 40, failingNetworks: 40 });
    expect((await store.read('production')).remotes['mfe-help']?.canary).toEqual({ version: '1.1.0', weight: 0 });
  });

  it("a refused canary command leaves the counts alone (stable's are the baseline of the policy)", async () => {
    await store.setStable('production', 'mfe-help', '1.0.0', 'a');
    for (let i = 0; i < 3; i += 1) await store.recordTelemetry('production', 'mfe-help', '1.0.0', 'load', { network: `n${i}` });
    await expect(store.canary('production', 'mfe-help', '1.0.0', 10, 'a', 'ops')).rejects.toThrow(/RELEASE-022/);
    expect((await store.telemetry('production', 'mfe-help')).find((r) => r.version === '1.0.0')).toMatchObject({ loads: 3 });
    await expect(store.canary('production', 'mfe-loans', '1.0.0', 10, 'a', 'ops')).rejects.toThrow(/RELEASE-021/);
  });

  it('keeps environments apart and refuses bad names', async () => {
    await store.setStable('staging', 'mfe-help', '2.0.0', 'sha384-b');
    expect((await store.read('production')).remotes).toEqual({});
    expect((await store.read('staging')).allowOverrides).toBe(true);
    expect((await store.read('production')).allowOverrides).toBe(false);
    await expect(store.read('../etc')).rejects.toThrow(/RELEASE-010/);
  });
});
