/** The remotes the shell composes, by package name. */
export const REMOTE_NAMES = ['mfe-markets', 'mfe-trading', 'mfe-loans', 'mfe-nfts', 'mfe-account', 'mfe-help', 'mfe-backoffice'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Everything the release plane versions: the shell and the remotes. */
export const RELEASABLE_PARTS = ['shell', ...REMOTE_NAMES] as const;
export type ReleasablePart = (typeof RELEASABLE_PARTS)[number];

/** Module Federation container name of a remote: `mfe-markets` → `mfe_markets`. */
export function containerName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}
