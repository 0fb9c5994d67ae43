import { act } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach } from 'vitest';

// The kit's tests render in happy-dom and wait for React's updates with act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** Renders into a new element of the page and returns it; it is unmounted at the next render or after the test. */
export function renderInDom(element: ReactElement): HTMLElement {
  unmount?.();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(element));
  unmount = () => {
    act(() => root.unmount());
    host.remove();
  };
  return host;
}
