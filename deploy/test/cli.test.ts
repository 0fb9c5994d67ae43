import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { incompatibleShared } from '../src/registry/shared-compat.ts';

const root = join(import.meta.dirname, '..', '..');
const shellManifest = join(root, 'shell', 'dist', 'mf-manifest.json');

function distRequiring(reactRange: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const shell = JSON.parse(readFileSync(shellManifest, 'utf8')) as { shared: { name: string; version: string }[] };
  const shared = shell.shared.map((s) => ({ ...s, singleton: true, requiredVersion: s.name === 'react' ? reactRange : `^${s.version}` }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mfe_help', shared }));
  writeFileSync(join(dir, 'remoteEntry.js'), 'var mfe_help = {};');
  return dir;
}

describe('publish refuses a build the served shell cannot run', () => {
  it('names the package and both ranges', () => {
    const problems = incompatibleShared(join(distRequiring('^20.0.0'), 'mf-manifest.json'), shellManifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^react: the remote requires \^20\.0\.0, the shell provides 19\.\d+\.\d+$/);
    expect(incompatibleShared(join(distRequiring('^19.0.0'), 'mf-manifest.json'), shellManifest)).toEqual([]);
  });

  it('the CLI exits non-zero with that message and stores nothing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const publish = (reactRange: string) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'deploy/src/cli/main.ts',
          'publish',
          'mfe-help',
          '--version',
          '5.0.0',
          '--local-shell',
          '--dist',
          distRequiring(reactRange),
        ],
        { cwd: root, encoding: 'utf8', env: { ...process.env, MERIDIAN_DATA_DIR: dataDir } },
      );
    const refused = publish('^20.0.0');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/RELEASE-030: mfe-help@5\.0\.0 cannot run in the shell served in production/);
    expect(refused.stderr).toMatch(/react: the remote requires \^20\.0\.0, the shell provides 19\./);
    const ok = publish('^19.0.0');
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/published mfe-help@5\.0\.0 \(sha384-/);
  });
});
