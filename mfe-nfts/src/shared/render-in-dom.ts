import { act, createElement } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, vi } from 'vitest';
import type { ApiClient, Platform } from '@meridian/platform';
import { createLiveBus, i18n, initI18n } from '@meridian/platform';
import en from '../locales/en.json';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { ClockProvider } from '@meridian/ui/clock';
import type { Clock } from '@meridian/ui/clock';
import { PlatformProvider } from './platform-context.tsx';

// The remote's component tests render in happy-dom, in English, and wait for React's updates with act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', NAMESPACE, en, true, true);
});

let unmount: (() => void) | null = null;

/** Unmounts what the last render mounted (call it in afterEach). */
export function cleanUp(): void {
  unmount?.();
  unmount = null;
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A platform whose API answers with `call` (by the endpoint's operation id) and a live bus of its own; toasts are recorded. */
export function fakePlatform(call: (operationId: string, input: unknown) => Promise<unknown>) {
  const toast = vi.fn();
  const live = createLiveBus();
  const api = { call: vi.fn((endpoint: { operationId: string }, input: unknown) => call(endpoint.operationId, input)) };
  const platform = { api: api as unknown as ApiClient, live, toast, navigate: vi.fn() } as unknown as Platform;
  return { platform, api, toast, live };
}

/**
 * Renders `element` at `route` (a router path such as `/nfts/:id`) with the platform, a new query client, a
 * router at `path` and the clock into a new element of the page and returns it; it is unmounted at the next render.
 */
export async function renderInDom(
  element: ReactElement,
  options: { platform: Platform; clock?: Clock; path?: string; route?: string },
): Promise<HTMLElement> {
  cleanUp();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routed = createElement(Routes, null, createElement(Route, { path: options.route ?? '*', element }));
  const tree = createElement(
    PlatformProvider,
    { value: options.platform },
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: [options.path ?? '/nfts'] },
        createElement(ClockProvider, { value: options.clock ?? (() => Date.now()) }, routed),
      ),
    ),
  );
  await act(async () => {
    root.render(tree);
    await flush();
  });
  unmount = () => {
    act(() => root.unmount());
    host.remove();
  };
  return host;
}

/** Lets pending promises (queries, mutations) settle inside act(). */
export const settle = () => act(flush);

/** Types into an input as a user does (React sees the change). */
export async function typeInto(field: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
  });
}

/** Clicks and lets what follows settle. */
export async function click(element: Element | null): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
    await flush();
  });
}

/** The element of the document with this test id. */
export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
