import type { KnipConfig } from 'knip';
import { REMOTE_NAMES } from './shared/contracts/src/remotes.ts';
import type { RemoteName } from './shared/contracts/src/remotes.ts';

/**
 * knip (`npm test`, after lint): unused files, exports and dependencies in every workspace fail the run.
 * Entries are what starts outside the import graph: webpack configs and the modules they name (exposes,
 * extra pages, first-paint prerender), the CLIs npm scripts and tests spawn, the tests, the e2e specs, the bench.
 */
// A remote's entries beyond remote-entry.ts, as its webpack.config.ts names them.
const REMOTE_EXTRA_ENTRIES: Partial<Record<RemoteName, string[]>> = {
  'mfe-markets': ['src/features/market-table/market-table-widget.ts'], // the second expose, ./MarketTable
  'mfe-help': ['src/kf/kf-main.ts'], // the stand-alone kf.html page
  'mfe-account': ['src/first-paint/prerender.tsx'], // the first-paint prerender
};

const remotes = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    name,
    {
      entry: ['webpack.config.ts', 'src/remote-entry.ts', ...(REMOTE_EXTRA_ENTRIES[name] ?? [])],
      project: ['src/**/*.{ts,tsx}', '*.ts'],
    },
  ]),
);

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        'scripts/*.mjs',
        'test/**/*.test.ts',
        // The bench's command-line programs (bench/README.md) and the baseline's webpack entry and expose.
        'bench/{run,first-load,markets-bench,orders-bench,ledger-property,fanout-server,fanout-client}.ts',
        'bench/{faults/faults-bench,fuzz/run,baseline/serve,baseline/build}.ts',
        'bench/baseline/host/src/main.ts',
        'bench/baseline/remote/src/app.ts',
      ],
      project: ['scripts/**/*.mjs', 'test/**/*.ts', 'bench/**/*.ts', '*.{ts,mjs}'],
      // The baseline builds with the shell's React and shared/build's webpack (bench/baseline/deps.ts resolves
      // them there, so both sides of the comparison use the same copies); `baseline_remote` is its federated remote.
      ignoreDependencies: [
        'react',
        'react-dom',
        '@types/react',
        '@types/react-dom',
        'webpack',
        '@module-federation/enhanced',
        'html-webpack-plugin',
        'baseline_remote',
      ],
    },
    shell: {
      entry: ['webpack.config.ts', 'src/main.ts'],
      project: ['src/**/*.{ts,tsx}', '*.ts'],
      // The host shares the singletons the @meridian/platform it provides imports (shared/build/src/shared-deps.ts
      // reads this package.json), so a remote that imports one gets the platform's copy.
      ignoreDependencies: ['i18next', 'jotai'],
    },
    ...remotes,
    api: {
      entry: ['test/faults/fault-server.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', '*.ts'],
      // Resolved with createRequire: the icons folder and manifest (src/market/catalogue/catalogue.ts), and the
      // Redocly CLI the OpenAPI lint test runs (test/openapi/openapi-lint.test.ts).
      ignoreDependencies: ['cryptocurrency-icons', '@redocly/cli'],
    },
    deploy: {
      entry: ['src/start.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', '*.ts'],
    },
    e2e: {
      entry: ['*.spec.ts', 'oidc/local-provider.ts'],
      project: ['**/*.ts'],
    },
    'shared/*': {
      entry: [],
      project: ['src/**/*.{ts,tsx}'],
    },
    'shared/build': {
      entry: [],
      project: ['src/**/*.ts'],
      // webpack loaders, named by string in src/webpack-config.ts.
      ignoreDependencies: ['css-loader', 'esbuild-loader'],
    },
  },
  ignoreIssues: {
    // Named aliases on purpose, not duplicates: who may call (ANY_OPERATOR) and an answer's shape (openTicketResult).
    'shared/contracts/src/operators.ts': ['duplicates'],
    'shared/contracts/src/support.ts': ['duplicates'],
  },
};

export default config;
