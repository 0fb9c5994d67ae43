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

/**
 * A remote's prerendered first screens in one language, written by its build beside its entry
 * (`first-paint.<language>.json` in each version folder, so a canary or a rollback brings its own): the
 * shell draws the screen of a full-screen page from it before the shared modules and the remote have
 * loaded, and the remote's first render replaces it in the same element.
 */
export interface FirstPaintDocument {
  /** The styles of the screens' markup (their class names are the remote's own). */
  css: string;
  /** Page path (`/pass/login`) → the screen's markup as the remote's first render draws it. */
  screens: Record<string, string>;
}

/** The file of a remote's first screens in one language, in the remote's version folder. */
export function firstPaintFile(language: string): string {
  return `first-paint.${language}.json`;
}
