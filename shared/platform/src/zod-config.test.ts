import { describe, expect, it } from 'vitest';

describe('the platform entry', () => {
  it('turns off zod’s eval probe for every copy on the page, without loading zod itself', async () => {
    await import('./index.ts');
    const { config } = await import('zod');
    // The site's CSP has no 'unsafe-eval': with jitless, zod never tries `new Function`.
    expect(config().jitless).toBe(true);
  });
});
