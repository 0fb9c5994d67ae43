import { paintFirst } from './first-paint/first-paint.ts';
import { startEarly } from './federation/rollout.ts';
import { loadShellNamespace } from './locales/load-shell.ts';
import { routeFor } from './routes.ts';

// What the page shows first (the header's place, a first visit's intro board, the home headline) needs
// none of the shared modules: it is drawn now, from this chunk.
const { language, painted } = paintFirst();
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
  // Fetch rollout.json and preload the current remote's entry, app and translations while the shared
  // modules load; the shell's own translations too (webpack keeps the loaded module for i18n's ask).
  startEarly((pathname) => routeFor(pathname)?.name, language);
  preloadSharedModules().catch(() => undefined);
  loadShellNamespace(language).catch(() => undefined);
  void start();
});

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
