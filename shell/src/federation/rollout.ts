import { RELEASE_PATHS, REMOTE_NAMES, containerName } from '@meridian/contracts';
import type { RemoteName, RolloutDocument } from '@meridian/contracts';

export interface ResolvedRemote {
  remote: RemoteName;
  container: string;
  version: string;
  entry: string;
}

/**
 * The registry validates every document it writes against the contract's schema; the shell only
 * checks the shape it reads, so the validator stays out of the first load.
 */
function isRolloutDocument(value: unknown): value is RolloutDocument {
  const doc = value as RolloutDocument | null;
  return (
    typeof doc === 'object' &&
    doc !== null &&
    typeof doc.revision === 'number' &&
    typeof doc.artifactBase === 'string' &&
    typeof doc.remotes === 'object' &&
    doc.remotes !== null &&
    Object.values(doc.remotes).every((r) => typeof r?.stable === 'string')
  );
}

let pending: Promise<RolloutDocument> | null = null;

/** Fetches the environment's rollout document once per page view (no-cache: the registry answers with an ETag). */
export function fetchRollout(): Promise<RolloutDocument> {
  pending ??= requestRollout();
  return pending;
}

async function requestRollout(): Promise<RolloutDocument> {
  const response = await fetch(RELEASE_PATHS.rollout, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`SHELL-001: rollout.json answered ${response.status}`);
  const doc: unknown = await response.json();
  if (!isRolloutDocument(doc)) throw new Error('SHELL-004: rollout.json does not have the expected shape');
  return doc;
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

/**
 * Starts the page's critical path early (from the entry, before the shared modules load):
 * fetch rollout.json and preload the entry of the remote that owns the current path.
 */
export function startEarly(remoteForPath: (pathname: string) => string | undefined): void {
  void fetchRollout().then(
    (doc) => {
      const owner = remoteForPath(window.location.pathname);
      const entry = resolveRemotes(doc).find((r) => r.remote === owner)?.entry;
      if (!entry) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = entry;
      document.head.appendChild(link);
    },
    () => undefined,
  );
}
