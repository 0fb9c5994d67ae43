import { RELEASE_PATHS, REMOTE_NAMES, containerName, rolloutDocument } from '@meridian/contracts';
import type { RemoteName, RolloutDocument } from '@meridian/contracts';

export interface ResolvedRemote {
  remote: RemoteName;
  container: string;
  version: string;
  entry: string;
}

/** Fetches the environment's rollout document (no-cache: the registry answers with an ETag). */
export async function fetchRollout(): Promise<RolloutDocument> {
  const response = await fetch(RELEASE_PATHS.rollout, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`SHELL-001: rollout.json answered ${response.status}`);
  return rolloutDocument.parse(await response.json());
}

/** The version of each remote this page view loads, and its entry URL. */
export function resolveRemotes(doc: RolloutDocument): ResolvedRemote[] {
  const resolved: ResolvedRemote[] = [];
  for (const remote of REMOTE_NAMES) {
    const entry = doc.remotes[remote];
    if (!entry) continue;
    resolved.push({
      remote,
      container: containerName(remote),
      version: entry.stable,
      entry: `${doc.artifactBase}/${remote}/${entry.stable}/remoteEntry.js`,
    });
  }
  return resolved;
}
