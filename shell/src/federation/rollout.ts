import { RELEASE_PATHS, REMOTE_NAMES, containerName } from '@meridian/contracts';
import type { RemoteName, RolloutDocument } from '@meridian/contracts';
import { chooseVersion, parseOverrides } from './choose-version.ts';
import type { VersionChoice } from './choose-version.ts';

interface RemoteVersion {
  version: string;
  entry: string;
  /** Subresource Integrity recorded by `publish`, when the rollout document has it. */
  integrity: string | undefined;
}

/** One remote as this page view loads it, with the stable version to fall back to. */
interface ResolvedRemote extends RemoteVersion {
  remote: RemoteName;
  container: string;
  reason: VersionChoice['reason'];
  stable: RemoteVersion;
}

export interface ResolvedRollout {
  env: string;
  remotes: ResolvedRemote[];
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

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The sticky bucket id: the user id when logged in, otherwise a random id kept in this browser. */
function bucketId(): string {
  const local = storage('localStorage');
  try {
    const user = JSON.parse(local?.getItem('meridian.user') ?? 'null') as { id?: string } | null;
    if (user?.id) return `user:${user.id}`;
  } catch {
    // not logged in
  }
  let id = local?.getItem('meridian.bucket') ?? null;
  if (!id) {
    id = crypto.randomUUID();
    local?.setItem('meridian.bucket', id);
  }
  return `anon:${id}`;
}

/** QA overrides from `?mf=…`, kept for the rest of the browser session. */
function overrides(): Record<string, string> {
  const session = storage('sessionStorage');
  const fromUrl = new URLSearchParams(window.location.search).get('mf');
  if (fromUrl) session?.setItem('meridian.mf', fromUrl);
  return parseOverrides(fromUrl ?? session?.getItem('meridian.mf') ?? null);
}

async function requestRollout(): Promise<RolloutDocument> {
  // The page's <link rel="preload"> has usually asked already: this request takes its answer. The site
  // answers with `Cache-Control: no-cache` and an ETag, so the browser revalidates it on every page view.
  const response = await fetch(RELEASE_PATHS.rollout, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`SHELL-001: rollout.json answered ${response.status}`);
  const doc: unknown = await response.json();
  if (!isRolloutDocument(doc)) throw new Error('SHELL-004: rollout.json does not have the expected shape');
  return doc;
}

function resolveRemotes(doc: RolloutDocument, bucket: string, chosenOverrides: Record<string, string>): ResolvedRollout {
  const remotes: ResolvedRemote[] = [];
  const at = (remote: RemoteName, version: string): RemoteVersion => ({
    version,
    entry: `${doc.artifactBase}/${remote}/${version}/remoteEntry.js`,
    integrity: doc.remotes[remote]?.integrity[version],
  });
  for (const remote of REMOTE_NAMES) {
    const choice = chooseVersion(doc, remote, bucket, chosenOverrides);
    if (!choice) continue;
    remotes.push({
      remote,
      container: containerName(remote),
      reason: choice.reason,
      ...at(remote, choice.version),
      stable: at(remote, doc.remotes[remote]!.stable),
    });
  }
  return { env: doc.env, remotes };
}

let pending: Promise<ResolvedRollout> | null = null;

/** The rollout of this page view, fetched and resolved once. */
export function loadRollout(): Promise<ResolvedRollout> {
  pending ??= requestRollout().then((doc) => resolveRemotes(doc, bucketId(), overrides()));
  return pending;
}

/**
 * `<link rel="preload">` for one file, in the CORS mode its real request will use (or the browser
 * fetches it twice): the release plugin loads an entry with integrity as crossorigin="anonymous", and
 * webpack loads a chunk from another origin that way (output.crossOriginLoading).
 */
function preload(href: string, as: 'script' | 'style', options: { integrity?: string | undefined; anonymous: boolean }): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  if (options.integrity) link.integrity = options.integrity;
  if (options.anonymous) link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[] };
}

/**
 * The files the remote's `./app` needs at once, from the `mf-manifest.json` its build wrote beside the
 * entry (same version folder, so a canary or a rollback never mixes versions): preloaded while the
 * shell's shared modules load, instead of after the entry has run.
 */
async function preloadExposedApp(entry: string, language: string): Promise<void> {
  const base = new URL('.', new URL(entry, window.location.href));
  const response = await fetch(new URL('mf-manifest.json', base), { credentials: 'same-origin' });
  if (!response.ok) return;
  const manifest = (await response.json()) as { exposes?: { name?: string; assets?: ManifestAssets }[] };
  const assets = manifest.exposes?.find((e) => e.name === 'app')?.assets;
  const files = (list: string[] | undefined) => (list ?? []).filter((f) => /^[\w.-]+\.(js|css)$/.test(f));
  // The remote's translations in the page's language (`i18n-<namespace>-<language>-json.<hash>.js`, the
  // chunk names of every part's namespace loader): its app asks for them as soon as it runs.
  const translations = files(assets?.js?.async).filter((f) => new RegExp(`^i18n-[a-z0-9-]+-${language}-json\\.`).test(f));
  const anonymous = base.origin !== window.location.origin;
  for (const file of files(assets?.css?.sync)) preload(new URL(file, base).href, 'style', { anonymous });
  for (const file of [...files(assets?.js?.sync), ...translations]) preload(new URL(file, base).href, 'script', { anonymous });
}

/**
 * Starts the page's critical path early (from the entry, before the shared modules load):
 * fetch rollout.json, preload the entry of the remote that owns the current path and the files of its app.
 */
export function startEarly(remoteForPath: (pathname: string) => string | undefined, language: string): void {
  void loadRollout().then(
    (rollout) => {
      const owner = remoteForPath(window.location.pathname);
      const chosen = rollout.remotes.find((r) => r.remote === owner);
      if (!chosen) return;
      preload(chosen.entry, 'script', { integrity: chosen.integrity, anonymous: Boolean(chosen.integrity) });
      // A missing or unreadable manifest only means no preload: the entry loads the files itself.
      preloadExposedApp(chosen.entry, language).catch(() => undefined);
    },
    () => undefined,
  );
}
