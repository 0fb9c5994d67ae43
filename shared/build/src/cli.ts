import { basename } from 'node:path';
import { buildParts, FRONTEND_PARTS } from './build-parts.ts';

/** `node --import tsx shared/build/src/cli.ts build [part…] [--force]`, also run from a part's own folder. */
const [verb, ...rest] = process.argv.slice(2);
if (verb !== 'build') {
  console.error('usage: build [part…] [--force]');
  process.exit(2);
}
const force = rest.includes('--force');
let parts = rest.filter((a) => !a.startsWith('--'));
if (parts.length === 0) {
  const here = basename(process.cwd());
  parts = (FRONTEND_PARTS as readonly string[]).includes(here) ? [here] : [...FRONTEND_PARTS];
}
await buildParts(parts, force);
