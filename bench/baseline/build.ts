/**
 * Builds the baseline with webpack's Node API: the remote, then the host, into `bench/baseline/{remote,host}/dist`
 * (gitignored, as every `dist`). Run alone: `node --import tsx bench/baseline/build.ts`.
 */
import { join } from 'node:path';
import type { Configuration } from './deps.ts';
import { baselineDir, webpack } from './deps.ts';
import { hostConfig } from './host/webpack.config.ts';
import { remoteConfig } from './remote/webpack.config.ts';

function run(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('baseline: webpack gave no stats'));
      if (stats.hasErrors()) return reject(new Error(`baseline: webpack failed\n${stats.toString('errors-only')}`));
      resolve();
    });
  });
}

export async function buildBaseline(): Promise<{ hostDir: string; remoteDir: string }> {
  await run(remoteConfig());
  await run(hostConfig());
  return { hostDir: join(baselineDir, 'host', 'dist'), remoteDir: join(baselineDir, 'remote', 'dist') };
}

if (process.argv[1] === import.meta.filename) {
  const dirs = await buildBaseline();
  console.log(`baseline built: ${dirs.hostDir}, ${dirs.remoteDir}`);
}
