import { act, createElement } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll } from 'vitest';
import { i18n, initI18n } from '@meridian/platform';
import contentEn from '../locales/content/en.json';
import en from '../locales/en.json';
import reviewsEn from '../locales/reviews/en.json';
import { NAMESPACE } from '../locales/load-namespace.ts';

// The back-office's component tests render in happy-dom, in English (with the review and content screens' words), and wait for React's updates with act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await initI18n('en');
  for (const bundle of [en, reviewsEn, contentEn]) i18n.addResourceBundle('en', NAMESPACE, bundle, true, false);
});

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** Renders `element` with `client` into a new element of the page and returns it; unmounted at the next render or after the test. */
export function renderInDom(element: ReactElement, client: QueryClient): HTMLElement {
  unmount?.();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(createElement(QueryClientProvider, { client }, element)));
  unmount = () => {
    act(() => root.unmount());
    host.remove();
  };
  return host;
}
