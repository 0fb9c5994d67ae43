/** The remotes the shell composes, by package name. */
export const REMOTE_NAMES = ['mfe-markets', 'mfe-trading', 'mfe-loans', 'mfe-nfts', 'mfe-account', 'mfe-help', 'mfe-backoffice'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of a remote: `mfe-markets` → `mfe_markets`. */
export function containerName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}
