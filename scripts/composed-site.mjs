// The composed site as `npm test`'s e2e run and the benches start it: `deploy/src/start.ts --no-build` on a loopback
// port with the caller's throw-away data folder, on the embedded defaults (PGlite, in-process live fan-out) as
// `npm start` runs on a fresh machine, its log silenced and its errors shown.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** A loopback port free at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Spawns the site on `port` over `dataDir`; `env` adds to (or overrides) the embedded defaults. */
export function spawnComposedSite({ port, dataDir, env = {} }) {
  return spawn(process.execPath, ['--import', 'tsx', 'deploy/src/start.ts', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      MERIDIAN_DATA_DIR: dataDir,
      MERIDIAN_LOG: 'silent',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
}
