// `npm start`: install, build every part, publish each remote to the local registry, serve on $PORT (8080).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
const root = join(import.meta.dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/src/start.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
