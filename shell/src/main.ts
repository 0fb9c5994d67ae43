import { localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { paintFirst, showStartFailure } from './first-paint/first-paint.ts';
import { paintRemoteScreen } from './first-paint/remote-screen.ts';
import { loadRollout, startEarly } from './federation/rollout.ts';
import { loadShellNamespace } from './locales/load-shell.ts';
import { isFullScreen, isOperatorConsole, routeFor } from './routes.ts';

// What the page shows first (the header's place, a first visit's intro board, the home headline) needs
// none of the shared modules: it is drawn now, from this chunk.
const { language, painted } = paintFirst();

// A full-screen page has no chrome: its first screen is the one its remote's build prerendered, drawn
// as soon as rollout.json says which version of the remote this page view loads.
const pathname = window.location.pathname;
const owner = routeFor(pathname)?.name;
const remoteScreen: Promise<boolean> =
  owner && owner !== 'home' && isFullScreen(pathname) && !isOperatorConsole(pathname)
    ? loadRollout()
        .then((rollout) => {
          const chosen = rollout.remotes.find((r) => r.remote === owner);
          return chosen ? paintRemoteScreen(owner, chosen.entry, language, pathname) : false;
        })
        // Once the frame with the screen has been shown (the frame after it has begun); a hidden tab paints
        // no frames, and a throttled one does not hold the page back.
        .then(
          (drawn) =>
            drawn &&
            (document.visibilityState === 'hidden' ||
              new Promise<boolean>((resolve) => {
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
                setTimeout(() => resolve(true), 100);
              })),
        )
        // Without it the page waits for its remote, as any other page does.
        .catch(() => false)
    : Promise.resolve(false);
/** The longest the start below waits for that screen's small file. */
const REMOTE_SCREEN_WAIT_MS = 1500;

// This script's own folder (the shell's version folder), for the manifest its build wrote beside it.
const shellFolder = (document.currentScript as HTMLScriptElement | null)?.src;

/**
 * The start below loads in steps; the files of every step are asked for at once instead, from the
 * shared modules' files the shell's `mf-manifest.json` lists, so the steps only wait for evaluation.
 */
async function preloadSharedModules(): Promise<void> {
  if (!shellFolder) return;
  const response = await fetch(new URL('mf-manifest.json', shellFolder), { credentials: 'same-origin' });
  if (!response.ok) return;
  const manifest = (await response.json()) as { shared?: { assets?: { js?: { sync?: string[] } } }[] };
  for (const file of (manifest.shared ?? []).flatMap((s) => s.assets?.js?.sync ?? [])) {
    if (!/^[\w.-]+\.js$/.test(file)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = new URL(file, shellFolder).href;
    document.head.appendChild(link);
  }
}

/**
 * Runs `start` once the frame with the first paint is on screen; at once when nothing was drawn or the
 * tab is hidden (it paints nothing).
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!painted || document.visibilityState === 'hidden') return once();
  // rAF runs just before the frame is painted; a task queued from it runs just after.
  requestAnimationFrame(() => setTimeout(once, 0));
  // A frame that never comes (a throttled or backgrounded renderer) does not hold the page back.
  setTimeout(once, 100);
}

afterFirstPaint(() => {
  // The files below share the connection: a prerendered screen's small file is let through first, so
  // the page shows its screen before a few hundred kilobytes of code (it waits no longer than that).
  void Promise.race([remoteScreen, new Promise((resolve) => setTimeout(resolve, REMOTE_SCREEN_WAIT_MS))]).then(() => {
    // Preload the current remote's entry, app and translations while the shared modules load; the
    // shell's own translations too (webpack keeps the loaded module for i18n's ask).
    startEarly((path) => routeFor(path)?.name, language);
    preloadSharedModules().catch(() => undefined);
    loadShellNamespace(language).catch(() => undefined);
    start().catch((error: unknown) => {
      console.error(error);
      showStartFailure();
    });
    if (owner === 'home' || owner === 'mfe-markets' || owner === 'mfe-trading') setTimeout(() => warmIntl(language), 0);
  });
});

/**
 * On a page that shows prices from its first render (home, markets, trading): the page's first Intl
 * formatter loads ICU's data, 13–40 ms on a desktop core and four times that on a slow phone. Done here,
 * in a task of its own while the shared modules download, instead of inside the first render that
 * formats a price, which would then block input that much longer.
 */
function warmIntl(lang: LanguageCode): void {
  try {
    new Intl.NumberFormat(localeOf(lang)).format(0);
  } catch {
    // an engine without that locale's data formats with its default when the page asks
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The async boundary: shared modules are negotiated by Module Federation before the shell runs. The
 * start is split in tasks (React; the platform with i18next, jotai and TanStack Query; then the shell),
 * so the page can answer input between them instead of waiting out one long task.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('@meridian/platform');
  await nextTask();
  await import('./bootstrap.tsx');
}
