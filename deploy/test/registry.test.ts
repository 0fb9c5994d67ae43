import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('rollout store', () => {
  it('bumps the revision on each change and refuses a stale compare-and-set', () => {
    const store = new RolloutStore(mkdtempSync(join(tmpdir(), 'registry-')));
    expect(store.read('production').revision).toBe(0);
    const doc = store.setStable('production', 'mfe-help', '1.0.0', 'sha384-a');
    expect(doc.revision).toBe(1);
    expect(doc.remotes['mfe-help']).toEqual({ stable: '1.0.0', canary: null, integrity: { '1.0.0': 'sha384-a' } });
    expect(store.setStable('production', 'mfe-help', '1.0.0', 'sha384-a').revision).toBe(1);
    expect(() => store.update('production', 0, () => undefined)).toThrow(/RELEASE-011/);
    expect(store.update('production', 1, () => undefined).revision).toBe(2);
  });

  it('keeps environments apart', () => {
    const store = new RolloutStore(mkdtempSync(join(tmpdir(), 'registry-')));
    store.setStable('staging', 'mfe-help', '2.0.0', 'sha384-b');
    expect(store.read('production').remotes).toEqual({});
    expect(store.read('staging').allowOverrides).toBe(true);
    expect(store.read('production').allowOverrides).toBe(false);
    expect(() => store.read('../etc')).toThrow(/RELEASE-010/);
  });
});
