import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one shared-deps map of the platform. Every webpack config (shell and remotes) builds its
 * Module Federation `shared` option from this list, so a singleton can never be shared by one part
 * and bundled privately by another. `@meridian/contracts` is deliberately not here: it is stateless,
 * so each part bundles (and tree-shakes) only the constants and schemas it uses.
 */
export const SHARED_SINGLETONS = [
  // react-router-dom is not shared: every remote has its own BrowserRouter over the one browser history
  // (no router context crosses a part), and a shared module cannot be tree-shaken, so sharing it put
  // all of react-router (62 kB gzip) on every first load; each part now bundles the part it uses.
  // rxjs likewise: the platform's bus and toasts use a few classes (Subject, BehaviorSubject) and the parts
  // pipe the platform's observables through their own operators, which need no shared instance; shared,
  // all of rxjs (19 kB gzip) loaded first.
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'i18next',
  'react-i18next',
  'jotai',
  'single-spa',
  '@tanstack/react-query',
  '@meridian/platform',
  '@meridian/ui',
] as const;

export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const repoRoot = join(import.meta.dirname, '..', '..', '..');

const workspacePackageDirs: Record<string, string> = {
  '@meridian/contracts': 'shared/contracts',
  '@meridian/platform': 'shared/platform',
  '@meridian/ui': 'shared/ui',
};

function readJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/** The package a (possibly deep) import path belongs to: `react-dom/client` → `react-dom`. */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The semver range a part requires for a shared package, taken from its package.json.
 * `workspace:^` becomes `^<current version>` so the requirement is a real range.
 */
export function requiredRange(partPkg: PackageJson, request: string): string {
  const pkg = packageOf(request);
  const declared = partPkg.dependencies?.[pkg] ?? partPkg.devDependencies?.[pkg];
  if (!declared) {
    throw new Error(`BUILD-001: ${partPkg.name} shares ${pkg} but does not declare it as a dependency`);
  }
  if (declared.startsWith('workspace:')) {
    const dir = workspacePackageDirs[pkg];
    if (!dir) throw new Error(`BUILD-002: unknown workspace package ${pkg}`);
    const version = readJson(join(repoRoot, dir, 'package.json')).version;
    const op = declared.slice('workspace:'.length);
    return op === '*' || op === '' ? version : `${op}${version}`;
  }
  return declared;
}

export interface SharedConfigEntry {
  singleton: true;
  requiredVersion: string;
  version?: string;
}

/** The `shared` option of ModuleFederationPlugin for the part whose package.json is given. */
export function sharedConfig(partDir: string): Record<string, SharedConfigEntry> {
  const partPkg = readJson(join(partDir, 'package.json'));
  const shared: Record<string, SharedConfigEntry> = {};
  for (const request of SHARED_SINGLETONS) {
    const pkg = packageOf(request);
    const declared = partPkg.dependencies?.[pkg] ?? partPkg.devDependencies?.[pkg];
    if (!declared) continue;
    const entry: SharedConfigEntry = { singleton: true, requiredVersion: requiredRange(partPkg, request) };
    const wsDir = workspacePackageDirs[pkg];
    if (wsDir) entry.version = readJson(join(repoRoot, wsDir, 'package.json')).version;
    shared[request] = entry;
  }
  return shared;
}
