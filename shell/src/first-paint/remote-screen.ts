import { firstPaintFile } from '@meridian/contracts';
import type { FirstPaintDocument } from '@meridian/contracts';
import { normalize } from '../routes.ts';
import { holdsFirstPaint } from './first-paint.ts';

function isFirstPaintDocument(value: unknown): value is FirstPaintDocument {
  const doc = value as FirstPaintDocument | null;
  return (
    typeof doc === 'object' &&
    doc !== null &&
    typeof doc.css === 'string' &&
    typeof doc.screens === 'object' &&
    doc.screens !== null &&
    Object.values(doc.screens).every((markup) => typeof markup === 'string')
  );
}

/**
 * The screen of a full-screen page, drawn before the shared modules and the remote that owns it have
 * loaded: the markup the remote's build prerendered (`first-paint.<language>.json`, read from the
 * version folder this page view loads the remote from, so a canary or a rollback brings its own), with
 * its styles, in the element the remote mounts into. The remote's first render replaces it there.
 * Nothing in it works before the remote does: it is inert and its controls are disabled (a field typed
 * into meanwhile would lose its text; global.css keeps them looking as they will), and it carries no test
 * ids, so tests and tools address the page the remote draws. Resolves true when the screen was drawn.
 */
export async function paintRemoteScreen(remote: string, entry: string, language: string, pathname: string): Promise<boolean> {
  const url = new URL(firstPaintFile(language), new URL(entry, window.location.href));
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return false;
  const doc: unknown = await response.json();
  if (!isFirstPaintDocument(doc)) return false;
  // A screen is drawn for the path alone: a query (`?social=failed`, `?invite=…`) changes what the page's
  // first render shows, so such a page waits for its remote.
  const path = normalize(pathname);
  const markup = window.location.search === '' && Object.hasOwn(doc.screens, path) ? doc.screens[path] : undefined;
  // Nothing for this path, the visitor has moved on, or the remote has drawn its own page already.
  if (markup === undefined || window.location.pathname !== pathname) return false;
  const id = `app-${remote}`;
  let host = document.getElementById(id);
  if (host && !holdsFirstPaint(host)) return false;
  if (!host) {
    const outlet = document.getElementById('outlet');
    if (!outlet) return false;
    // The element the remote's lifecycles look up by this id and mount into.
    host = document.createElement('div');
    host.id = id;
    host.dataset.remote = remote;
    outlet.append(host);
  }
  if (!document.head.querySelector(`style[data-first-paint="${remote}"]`)) {
    const style = document.createElement('style');
    style.dataset.firstPaint = remote;
    style.textContent = doc.css;
    document.head.append(style);
  }
  const template = document.createElement('template');
  template.innerHTML = markup;
  withoutActiveContent(template.content);
  for (const control of template.content.querySelectorAll('input, button, select, textarea')) control.setAttribute('disabled', '');
  for (const marked of template.content.querySelectorAll('[data-testid]')) marked.removeAttribute('data-testid');
  const screen = document.createElement('div');
  screen.dataset.firstPaint = 'screen';
  screen.inert = true;
  screen.append(template.content);
  host.replaceChildren(screen);
  // Leaving the path before the remote mounts (the browser's back button) takes the screen away; single-spa
  // fires popstate on its own navigations too, and only a host still holding the screen is cleared.
  window.addEventListener('popstate', () => {
    if (window.location.pathname !== pathname && holdsFirstPaint(host)) host.replaceChildren();
  });
  return true;
}

/**
 * A screen is markup and styles only: whatever could act (scripts, frames, a refresh, another base, inline
 * handlers, script URLs) is taken out before it reaches the page (the site's CSP blocks scripts as well).
 */
function withoutActiveContent(fragment: DocumentFragment): void {
  for (const node of fragment.querySelectorAll('script, style, link, meta, base, iframe, frame, object, embed, form[action]')) {
    if (node.localName === 'form') node.removeAttribute('action');
    else node.remove();
  }
  for (const node of fragment.querySelectorAll('*')) {
    for (const attribute of [...node.attributes]) {
      const scriptUrl = /^\s*javascript:/i.test(attribute.value) && /^(href|src|action|formaction|xlink:href)$/i.test(attribute.name);
      if (attribute.name.toLowerCase().startsWith('on') || scriptUrl) node.removeAttribute(attribute.name);
    }
  }
}
