import { configDefaults, defineConfig } from 'vitest/config';

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
    // The fault tests kill and restart API processes and time the live clients' resync: `npm test` runs them in a
    // step of their own, one file at a time, so the rest of the suite does not share their cores
    // (MERIDIAN_FAULTS=1 takes them in).
    exclude: [...configDefaults.exclude, ...(process.env.MERIDIAN_FAULTS === '1' ? [] : ['api/test/faults/**'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
