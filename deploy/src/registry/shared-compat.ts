import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

function sharedOf(manifestFile: string): ManifestShared[] {
  if (!existsSync(manifestFile)) throw new Error(`RELEASE-031: ${manifestFile} is missing (build first)`);
  return (JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: ManifestShared[] }).shared;
}

/**
 * The shared singletons a remote requires that the shell cannot provide: one line per package,
 * naming both ranges. Empty when the remote can run in that shell.
 */
export function incompatibleShared(remoteManifest: string, shellManifest: string): string[] {
  const provided = new Map(sharedOf(shellManifest).map((s) => [s.name, s.version]));
  const problems: string[] = [];
  for (const need of sharedOf(remoteManifest)) {
    if (!need.singleton || !need.requiredVersion) continue;
    const have = provided.get(need.name);
    if (have === undefined) continue; // the remote brings its own copy
    if (!semver.satisfies(have, need.requiredVersion, { includePrerelease: true })) {
      problems.push(`${need.name}: the remote requires ${need.requiredVersion}, the shell provides ${have}`);
    }
  }
  return problems;
}
