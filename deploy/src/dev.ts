import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import { repoRoot } from '@meridian/build';
import { isReleasablePart } from './registry/artifact-store.ts';

/**
 * `npm run dev -- <remote>`: rebuilds one remote on every change straight into the local artifact store
 * as the mutable version `0.0.0-dev`, for the running site (`MERIDIAN_ENV=dev npm start`). Open any page
 * with `?mf=<remote>@0.0.0-dev` and reload to see the change; nothing else is rebuilt.
 */
export const DEV_VERSION = '0.0.0-dev';

const remote = process.argv[2] ?? '';
if (!isReleasablePart(remote) || remote === 'shell') {
  console.error('usage: npm run dev -- <mfe-…>');
  process.exit(2);
}
const dataDir = process.env.MERIDIAN_DATA_DIR ?? join(repoRoot, '.data');
const out = join(dataDir, 'artifacts', remote, DEV_VERSION);
mkdirSync(out, { recursive: true });
// The release record marks the folder as a version the registry knows (no integrity: it changes).
writeFileSync(
  join(out, '.meridian-release.json'),
  JSON.stringify({ remote, version: DEV_VERSION, integrity: '', publishedAt: new Date().toISOString() }),
);

const config = ((await import(pathToFileURL(join(repoRoot, remote, 'webpack.config.ts')).href)) as { default: Configuration }).default;
const compiler = webpack({
  ...config,
  mode: 'development',
  devtool: 'eval-cheap-module-source-map',
  output: { ...config.output, path: out, clean: { keep: /\.meridian-release\.json$/ } },
});
compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
  if (error) return console.error(error);
  console.log(
    stats?.hasErrors()
      ? stats.toString('errors-only')
      : `${remote}@${DEV_VERSION} rebuilt — open a page with ?mf=${remote.slice(4)}@${DEV_VERSION}`,
  );
});
