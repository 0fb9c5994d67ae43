/**
 * Serves the built baseline as the site serves Meridian: a Fastify app with the site's compression and artifact
 * files (`deploy/src/server/compressed-static.ts`) — the host's dist at `/artifacts/host/`, the remote's at
 * `/artifacts/remote/` — and the host's `index.html` at `/` with `Cache-Control: no-cache` and a `<base href>` so
 * its relative script paths resolve, as the site's `servedFromArtifacts` does. On a free loopback port.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { registerArtifactFiles, registerCompression } from '../../deploy/src/server/compressed-static.ts';
import { freePort } from '../site.ts';
import { baselineDir, repoRoot } from './deps.ts';

type App = Parameters<typeof registerCompression>[0];
// Fastify from deploy, the copy @fastify/compress and @fastify/static register into on the site.
const Fastify = createRequire(join(repoRoot, 'deploy', 'package.json'))('fastify') as (options: { logger: boolean }) => App;

export interface BaselineServer {
  base: string;
  stop: () => Promise<void>;
}

export async function serveBaseline(dirs: { hostDir: string; remoteDir: string }): Promise<BaselineServer> {
  const app = Fastify({ logger: false });
  await registerCompression(app);
  await registerArtifactFiles(app, { root: dirs.hostDir, prefix: '/artifacts/host/' });
  await registerArtifactFiles(app, { root: dirs.remoteDir, prefix: '/artifacts/remote/' });
  const html = readFileSync(join(dirs.hostDir, 'index.html'), 'utf8').replace('<head>', '<head><base href="/artifacts/host/">');
  app.get('/', async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

/**
 * `node --import tsx bench/baseline/serve.ts [--no-build]`: builds (unless `--no-build`) and serves the baseline, then
 * prints one line `BASELINE {"base":"http://127.0.0.1:<port>"}`. The first-load bench runs it as a process of its own,
 * as the site runs in its own.
 */
if (process.argv[1] === import.meta.filename) {
  const { buildBaseline } = await import('./build.ts');
  const dirs = process.argv.includes('--no-build')
    ? { hostDir: join(baselineDir, 'host', 'dist'), remoteDir: join(baselineDir, 'remote', 'dist') }
    : await buildBaseline();
  const server = await serveBaseline(dirs);
  console.log(`BASELINE ${JSON.stringify({ base: server.base })}`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
