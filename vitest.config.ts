import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/*/src/**/*.test.ts',
      'shell/src/**/*.test.ts',
      'mfe-*/src/**/*.test.ts',
      'api/test/**/*.test.ts',
      'deploy/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
