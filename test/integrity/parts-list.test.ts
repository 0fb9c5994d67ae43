import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { containerName, RELEASABLE_PARTS, REMOTE_NAMES } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';

/**
 * `REMOTE_NAMES` / `RELEASABLE_PARTS` (shared/contracts/src/remotes.ts) are the one list of parts: the build,
 * the release plane, the shell's rollout, the lint boundaries and the integrity scans all read it. A remote
 * folder it does not name would be built, linted and released by nothing.
 */
const root = join(import.meta.dirname, '..', '..');

const remoteFolders = () =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
    .map((entry) => entry.name)
    .sort();

describe('one list of parts', () => {
  it('names every mfe-* folder, and only those', () => {
    expect([...REMOTE_NAMES].sort()).toEqual(remoteFolders());
  });

  it('is the shell and the remotes, each a folder with its package and webpack config', () => {
    expect(RELEASABLE_PARTS).toEqual(['shell', ...REMOTE_NAMES]);
    for (const part of RELEASABLE_PARTS) {
      expect(existsSync(join(root, part, 'webpack.config.ts')), `${part}/webpack.config.ts`).toBe(true);
      const pkg = JSON.parse(readFileSync(join(root, part, 'package.json'), 'utf8')) as { name: string };
      expect(pkg.name, `${part}/package.json name`).toBe(part === 'shell' ? '@meridian/shell' : part);
    }
  });

  it("gives each remote's webpack config its container name", () => {
    for (const remote of REMOTE_NAMES) {
      expect(readFileSync(join(root, remote, 'webpack.config.ts'), 'utf8')).toContain(`name: '${containerName(remote)}'`);
    }
  });
});
