// Installs the workspace with the lockfile (pnpm through npx) when node_modules is missing or stale.
import { execSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'node_modules', '.meridian-install');
const inputs = ['pnpm-lock.yaml', 'package.json', 'pnpm-workspace.yaml'].map((f) => join(root, f));

export function ensureInstall() {
  const fresh = existsSync(stamp) && inputs.every((f) => statSync(f).mtimeMs <= statSync(stamp).mtimeMs);
  if (fresh) return;
  console.log('install: pnpm install --frozen-lockfile');
  execSync('npx -y pnpm@10 install --frozen-lockfile --reporter=append-only', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
