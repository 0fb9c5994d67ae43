import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `React.lazy` whose chunk import is tried again when it fails (a deploy replaced the chunk, a flaky
 * network): `retries` more times, waiting `delayMs`, then `2 × delayMs`, … The last failure reaches
 * the nearest error boundary as before.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { retries = 2, delayMs = 500 }: { retries?: number; delayMs?: number } = {},
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= retries) throw error;
        await wait(delayMs * 2 ** attempt);
      }
    }
  });
}
