// `npm run build [part…] [--force]`: builds the front-end parts whose inputs changed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
const root = join(import.meta.dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'shared/build/src/cli.ts', 'build', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
