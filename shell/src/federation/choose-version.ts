import type { RemoteName, RolloutDocument } from '@meridian/contracts';

/** FNV-1a, 32 bit: a stable, well-spread hash of the bucket key. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Sticky bucket 0–99 of one person for one remote. */
export function bucketOf(bucketId: string, remote: string): number {
  return fnv1a(`${bucketId}:${remote}`) % 100;
}

/** `?mf=mfe-markets@1.5.0,help@2.0.0` → { 'mfe-markets': '1.5.0', 'mfe-help': '2.0.0' }. */
export function parseOverrides(value: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? '').split(',')) {
    const match = /^\s*(?:mfe-)?([a-z]+)@([0-9A-Za-z.+-]+)\s*$/.exec(part);
    if (match) out[`mfe-${match[1]}`] = match[2]!;
  }
  return out;
}

export interface VersionChoice {
  version: string;
  reason: 'stable' | 'canary' | 'override';
}

/** Which version of `remote` this person loads: an allowed override, the canary in their bucket, or stable. */
export function chooseVersion(
  doc: RolloutDocument,
  remote: RemoteName,
  bucketId: string,
  overrides: Record<string, string>,
): VersionChoice | null {
  const entry = doc.remotes[remote];
  if (!entry) return null;
  const override = overrides[remote];
  if (override && doc.allowOverrides) return { version: override, reason: 'override' };
  if (entry.canary && entry.canary.weight > 0 && bucketOf(bucketId, remote) < entry.canary.weight)
    return { version: entry.canary.version, reason: 'canary' };
  return { version: entry.stable, reason: 'stable' };
}
