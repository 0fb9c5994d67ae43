import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The knip step of `npm test` (knip.config.ts) fails on an unused export, file or dependency. Run on a
 * workspace of three files in a temporary folder, with the repo's own knip binary.
 */
const knip = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'knip');
const folders: string[] = [];

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-knip-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function runKnip(dir: string) {
  const result = spawnSync(knip, ['--no-progress', '--no-gitignore', '--reporter', 'json'], { cwd: dir, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { issues: { file: string; exports: { name: string }[]; dependencies: { name: string }[] }[] };
  return { status: result.status, issues: report.issues };
}

const packageJson = (dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name: 'knip-fixture', version: '0.0.0', private: true, type: 'module', dependencies });

const clean = {
  'knip.json': JSON.stringify({ entry: ['main.ts'], project: ['*.ts'] }),
  'main.ts': "import { total } from './sum.ts';\nconsole.log(total([1, 2]));\n",
  'sum.ts': 'export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n',
};

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('knip fails on a violation', () => {
  it('passes a workspace where everything is used', () => {
    const { status, issues } = runKnip(fixture({ ...clean, 'package.json': packageJson() }));
    expect(issues).toEqual([]);
    expect(status).toBe(0);
  });

  it('fails on an exported function nothing imports, naming it', () => {
    const dir = fixture({
      ...clean,
      'package.json': packageJson(),
      'sum.ts': `${clean['sum.ts']}\nexport function average(xs: number[]): number {\n  return total(xs) / xs.length;\n}\n`,
    });
    const { status, issues } = runKnip(dir);
    expect(status).not.toBe(0);
    expect(issues.flatMap((i) => i.exports.map((e) => `${i.file}: ${e.name}`))).toEqual(['sum.ts: average']);
  });

  it('fails on a dependency nothing imports', () => {
    const { status, issues } = runKnip(fixture({ ...clean, 'package.json': packageJson({ jotai: '^2.15.0' }) }));
    expect(status).not.toBe(0);
    expect(issues.flatMap((i) => i.dependencies.map((d) => d.name))).toEqual(['jotai']);
  });
});
