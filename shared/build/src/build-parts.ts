import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RELEASABLE_PARTS } from '@meridian/contracts';
import webpack from 'webpack';
import type { Configuration } from 'webpack';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** Every front-end part that webpack builds: the releasable parts, in the order they are listed to people. */
export const FRONTEND_PARTS = RELEASABLE_PARTS;

const SHARED_INPUTS = ['shared/contracts/src', 'shared/platform/src', 'shared/ui/src', 'shared/build/src', 'pnpm-lock.yaml'];

function hashTree(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      hashTree(hash, join(path, name));
    }
    return;
  }
  hash.update(relative(repoRoot, path));
  hash.update(readFileSync(path));
}

/** A digest of everything a part's build reads, so an unchanged part is not rebuilt. */
export function inputsHash(part: string): string {
  const hash = createHash('sha256');
  for (const input of [`${part}/src`, `${part}/package.json`, `${part}/webpack.config.ts`, ...SHARED_INPUTS]) {
    hashTree(hash, join(repoRoot, input));
  }
  return hash.digest('hex').slice(0, 16);
}

const stampFile = (part: string) => join(repoRoot, part, 'dist', '.inputs-hash');

export function isUpToDate(part: string): boolean {
  const stamp = stampFile(part);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsHash(part);
}

async function loadConfig(part: string): Promise<Configuration> {
  const mod = (await import(pathToFileURL(join(repoRoot, part, 'webpack.config.ts')).href)) as { default: Configuration };
  return mod.default;
}

/** Builds the given parts (all front-end parts by default), skipping those whose inputs did not change. */
export async function buildParts(parts: readonly string[] = FRONTEND_PARTS, force = false): Promise<string[]> {
  const stale = force ? [...parts] : parts.filter((p) => !isUpToDate(p));
  for (const part of parts) if (!stale.includes(part)) console.log(`build: ${part} is up to date`);
  if (stale.length === 0) return [];
  // The inputs as they are when the build starts: a file edited while webpack runs leaves the part stale.
  const hashes = new Map(stale.map((part) => [part, inputsHash(part)]));
  const configs = await Promise.all(stale.map(loadConfig));
  const started = Date.now();
  console.log(`build: ${stale.join(', ')}`);
  await new Promise<void>((resolve, reject) => {
    const multi = webpack(configs.map((c) => ({ ...c })));
    (multi as unknown as { parallelism?: number }).parallelism = 2;
    multi.run((err, stats) => {
      multi.close(() => undefined);
      if (err) return reject(err);
      if (stats?.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, errorDetails: true, colors: false }));
        return reject(new Error('BUILD-003: webpack reported errors'));
      }
      resolve();
    });
  });
  for (const part of stale) writeFileSync(stampFile(part), hashes.get(part)!);
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stale;
}
