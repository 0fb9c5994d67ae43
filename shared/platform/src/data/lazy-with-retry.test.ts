// @vitest-environment happy-dom
import { act, createElement, Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? 'failed' : this.props.children;
  }
}

const Loaded = () => createElement('p', null, 'loaded');

async function mount(node: ReactNode) {
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => {
    root.render(createElement(Boundary, null, createElement(Suspense, { fallback: 'loading' }, node)));
  });
  // The retries wait 1 ms, 2 ms: let them run out.
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  const text = host.textContent;
  act(() => root.unmount());
  return text;
}

describe('lazyWithRetry', () => {
  it('retries a failed chunk import and renders the component when a retry succeeds', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ default: Loaded });
    const Lazy = lazyWithRetry(load, { retries: 2, delayMs: 1 });
    expect(await mount(createElement(Lazy))).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the error to the boundary once the retries are spent', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Loaded }>>().mockRejectedValue(new Error('ChunkLoadError'));
    const Lazy = lazyWithRetry(load, { retries: 2, delayMs: 1 });
    expect(await mount(createElement(Lazy))).toBe('failed');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('useDebouncedValue', () => {
  it('gives the first value at once and a later one after it stayed for the delay', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const Probe = ({ value }: { value: string }) => {
      seen.push(useDebouncedValue(value, 300));
      return null;
    };
    const root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(Probe, { value: 'a' })));
    act(() => root.render(createElement(Probe, { value: 'ab' })));
    expect(seen.at(-1)).toBe('a');
    act(() => vi.advanceTimersByTime(300));
    expect(seen.at(-1)).toBe('ab');
    act(() => root.unmount());
    vi.useRealTimers();
  });
});
