import '@meridian/ui/tokens.css';
import '../global.css';
import modal from '@meridian/ui/components/modal.module.css';
import button from '@meridian/ui/components/button.module.css';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import intro from '../intro/intro-board.module.css';
import chromeStyles from '../layout/chrome.module.css';
import home from '../home/home-page.module.css';
import { isMobileUserAgent } from '../layout/device.ts';
import { isFullScreen, isOperatorConsole } from '../routes.ts';
import { FIRST_PAINT_STRINGS } from './strings.ts';
import type { FirstPaintStrings } from './strings.ts';

/** The keys the platform's session store and the intro board use (read here before they load). */
const LANGUAGE_KEY = 'meridian.lang';
const USER_KEY = 'meridian.user';
export const INTRO_SEEN_KEY = 'meridian.introSeen';

function read(storage: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function write(storage: 'localStorage' | 'sessionStorage', key: string, value: string): void {
  try {
    window[storage].setItem(key, value);
  } catch {
    // storage can be disabled (private mode)
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function storedLanguage(): LanguageCode {
  const stored = read('localStorage', LANGUAGE_KEY);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguage(lang: LanguageCode): void {
  const entry = LANGUAGES.find((l) => l.code === lang)!;
  document.documentElement.lang = entry.locale;
  document.documentElement.dir = entry.dir;
}

/** True while `host` shows only what the first paint drew (React has not committed into it yet). */
export function holdsFirstPaint(host: Element | null): host is HTMLElement {
  return (
    host instanceof HTMLElement &&
    [...host.children].every((child) => child instanceof HTMLElement && child.dataset.firstPaint !== undefined)
  );
}

/** Takes the drawn home headline away, unless the home app has already drawn its own page there. */
function clearHomeHeadline(): void {
  const mount = document.getElementById('app-home');
  if (holdsFirstPaint(mount)) mount.replaceChildren();
}

/** A first visit, as the shell's own board decides it: without session storage the board is not shown. */
function introSeen(): boolean {
  try {
    return window.sessionStorage.getItem(INTRO_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

/** Leaves `path` before the shell's router runs (or through it once it does: single-spa patches pushState). */
function goTo(path: string): void {
  if (window.location.pathname === path) return;
  window.history.pushState(null, '', path);
  if (path !== '/') clearHomeHeadline();
}

/** The intro board as the shell's React board draws it (same classes), working before React loads. */
function introBoard(text: FirstPaintStrings, lang: LanguageCode, onLanguage: (lang: LanguageCode) => void): HTMLElement {
  const finish = (target: string) => {
    write('sessionStorage', INTRO_SEEN_KEY, '1');
    board.remove();
    goTo(target);
  };
  const select = element(
    'select',
    { id: 'first-paint-language', className: intro.select! },
    LANGUAGES.map((l) => element('option', { value: l.code, textContent: l.name, selected: l.code === lang })),
  );
  select.addEventListener('change', () => {
    if (isLanguageCode(select.value)) onLanguage(select.value);
  });
  const skip = element('button', { type: 'button', className: `${button.button} ${button.secondary}`, textContent: text.intro.skip });
  skip.addEventListener('click', () => finish('/'));
  const next = element('button', { type: 'button', className: `${button.button} ${button.primary}`, textContent: text.intro.continue });
  next.addEventListener('click', () => finish(read('localStorage', USER_KEY) ? '/' : '/pass/register'));
  const label = element('label', { htmlFor: select.id }, [`${text.languageTitle} `, select]);
  const title = element('h2', { id: 'first-paint-intro-title', className: modal.title!, textContent: text.intro.title });
  const dialog = element('div', { className: modal.dialog! }, [
    element('div', { className: modal.header! }, [title]),
    element(
      'ul',
      { className: intro.points! },
      [text.intro.point1, text.intro.point2, text.intro.point3].map((point) => element('li', { textContent: point })),
    ),
    element('div', { className: intro.row! }, [label, element('div', { className: intro.buttons! }, [skip, next])]),
  ]);
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', title.id);
  const board = element('div', { className: modal.backdrop! }, [dialog]);
  board.dataset.firstPaint = 'intro';
  return board;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The chrome's floating customer-service link, with the same headset icon (lucide's `headset` paths). */
function supportLink(text: FirstPaintStrings): HTMLElement {
  const icon = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  }))
    icon.setAttribute(name, value);
  for (const d of [
    'M3 11h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5Zm0 0a9 9 0 1 1 18 0m0 0v5a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3Z',
    'M21 16v2a4 4 0 0 1-4 4h-5',
  ]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    icon.append(path);
  }
  const link = element('a', { href: '/kf.html', className: chromeStyles.csButton! }, [icon]);
  link.setAttribute('aria-label', text.support.label);
  return link;
}

/** The home page's headline block, in the element the home app mounts into (React replaces it on mount). */
function homeHeadline(text: FirstPaintStrings): HTMLElement {
  const cta = element('a', { className: home.primary!, href: '/market', textContent: text.home.cta });
  return element('div', { className: home.page! }, [
    element('section', { className: home.hero! }, [
      element('h1', { textContent: text.home.title }),
      element('p', { textContent: text.home.lead }),
      element('div', { className: home.heroActions! }, [cta]),
    ]),
  ]);
}

/**
 * The first paint, from the shell's first chunk before the shared modules load: the document's layout,
 * language and direction, the header's place, the customer-service link, the intro board of a first
 * visit and the home headline (a full-screen page gets only the link). React replaces each piece when its
 * owner mounts (the chrome into `#chrome`, the home app into `#app-home`), with the same classes, so
 * nothing moves. Returns the page's language, and whether anything was drawn.
 */
export function paintFirst(): { language: LanguageCode; painted: boolean } {
  const root = document.documentElement;
  const pathname = window.location.pathname;
  const fullScreen = isFullScreen(pathname);
  root.dataset.layout = isMobileUserAgent(navigator.userAgent) ? 'mobile' : 'desktop';
  root.dataset.fullscreen = String(fullScreen);
  let lang = storedLanguage();
  applyLanguage(lang);
  const chrome = document.getElementById('chrome');
  const outlet = document.getElementById('outlet');
  if (!chrome || !outlet) return { language: lang, painted: false };

  const pieces: { host: HTMLElement; build: (text: FirstPaintStrings) => HTMLElement }[] = [];
  if (!fullScreen) {
    // The header's height is kept (global.css), so the page below does not move when the chrome renders.
    pieces.push({ host: chrome, build: () => element('div', { className: 'm-first-paint-header' }) });
  }
  // The customer-service link is on every page but the operator console, full-screen pages included.
  if (!isOperatorConsole(pathname)) pieces.push({ host: chrome, build: supportLink });
  if (fullScreen) {
    render();
    return { language: lang, painted: pieces.length > 0 };
  }
  if (pathname === '/' && !document.getElementById('app-home')) {
    const mount = element('div', { id: 'app-home' });
    mount.dataset.remote = 'home';
    outlet.append(mount);
    pieces.push({ host: mount, build: homeHeadline });
    // Leaving `/` before the home app mounts (the browser's back button) takes the headline away.
    // (single-spa also fires popstate on its own navigations: only first-paint markup is ever cleared.)
    window.addEventListener('popstate', () => window.location.pathname !== '/' && clearHomeHeadline());
  }
  const board = !introSeen();
  if (board) {
    pieces.push({
      host: chrome,
      build: (text) =>
        introBoard(text, lang, (next) => {
          // Stored where the session store reads it; the shell's own board applies it if it is already up.
          lang = next;
          write('localStorage', LANGUAGE_KEY, next);
          applyLanguage(next);
          render();
          document.getElementById('first-paint-language')?.focus();
        }),
    });
  }
  function render(): void {
    const text = FIRST_PAINT_STRINGS[lang]();
    const byHost = new Map<HTMLElement, HTMLElement[]>();
    for (const piece of pieces) {
      const node = piece.build(text);
      node.dataset.firstPaint ??= 'piece';
      byHost.set(piece.host, [...(byHost.get(piece.host) ?? []), node]);
    }
    // A host React has already committed into keeps what React drew.
    for (const [host, nodes] of byHost) if (holdsFirstPaint(host)) host.replaceChildren(...nodes);
  }
  render();
  // As the shell's dialog does: focus goes to the board's first control.
  if (board) document.getElementById('first-paint-language')?.focus();
  return { language: lang, painted: true };
}

/**
 * What the page says when its start failed (a shared module, the platform or the shell could not be
 * downloaded): the drawn first paint alone would look like a page that never answers. Drawn from this
 * chunk, in the page's language, with a button that reloads the page.
 */
export function showStartFailure(): void {
  if (document.getElementById('first-paint-start-failed')) return;
  const text = FIRST_PAINT_STRINGS[storedLanguage()]().startFailed;
  const reload = element('button', { type: 'button', className: `${button.button} ${button.primary}`, textContent: text.reload });
  reload.addEventListener('click', () => window.location.reload());
  const notice = element('div', { id: 'first-paint-start-failed', className: 'm-start-failed' }, [
    element('p', {}, [element('strong', { textContent: text.title }), ` ${text.text}`]),
    reload,
  ]);
  notice.setAttribute('role', 'alert');
  document.body.append(notice);
  reload.focus();
}
