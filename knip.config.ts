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

/**
 * WARNING: findings in files another change owns (api/src, the remotes' api/ folders), ignored per file until
 * that change drops the export; each line names what to do. Remove a line once its file is clean.
 */
const pendingInOtherFiles: Record<string, ['exports'] | ['types'] | ['exports', 'types']> = {
  // Exported but used only in their own file: drop `export`.
  'api/src/accounts/answers.ts': ['exports'], // emailFieldCode
  'api/src/accounts/limits.ts': ['exports'], // LOGIN_TRIES_PER_ADDRESS, LOGIN_TRIES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS
  'api/src/accounts/mailer.ts': ['types'], // OutboxMessage
  'api/src/accounts/same-origin.ts': ['exports'], // isSiteOrigin
  'api/src/accounts/sessions.ts': ['exports'], // ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS, REFRESH_COOKIE_PATH
  'api/src/db/database.ts': ['exports'], // guardTransactions
  'api/src/jobs/clean-ups.ts': ['exports'], // UNATTACHED_UPLOAD_LIFETIME_MS, cleanUploads, cleanIdempotencyKeys
  'api/src/jobs/daily-job.ts': ['types'], // JobReference
  'api/src/jobs/register.ts': ['exports'], // scheduleTradingJobs
  'api/src/ledger/ledger-check.ts': ['exports'], // registerHoldReconciler
  'api/src/ledger/ledger.ts': ['types'], // AccountRef
  'api/src/ledger/money-transaction.ts': ['exports'], // RETRYABLE_SQLSTATES, MONEY_TRANSACTION_ATTEMPTS, sqlStateOf
  'api/src/live/live-server.ts': ['exports'], // SOCKETS_PER_ADDRESS
  'api/src/market/candles/candle-store.ts': ['exports'], // BACKFILL_COUNT, RETENTION_MS
  'api/src/operators/operators.ts': ['exports'], // operatorView
  'api/src/plugins/endpoints.ts': ['exports', 'types'], // responsesOf, securityOf; EndpointRequest, EndpointAnswer
  'api/src/plugins/http-limits.ts': ['exports'], // parserErrorBody
  'api/src/plugins/input-guard.ts': ['exports'], // carriesNul
  'api/src/plugins/user-auth.ts': ['exports'], // headerMode
  'api/src/reviews/reviews.ts': ['exports'], // PAGE_SIZE
  'api/src/settings/payout-addresses.ts': ['exports'], // developmentAddresses
  'api/src/trading/live-pnl.ts': ['exports'], // movedEnough
  'api/src/trading/options/options.ts': ['exports'], // DEFAULT_OPTIONS_PRODUCTS, optionsOrderOf
  'api/src/trading/positions/close-triggers.ts': ['exports', 'types'], // recordTrigger, closeAtTrigger; RecordedTrigger
  'mfe-backoffice/src/features/audit/api/audit-api.ts': ['exports'], // searchAudit
  'mfe-backoffice/src/features/auth/api/auth-api.ts': ['exports'], // getSetupInfo
  'mfe-backoffice/src/features/content/api/content-api.ts': ['exports'], // listContent, previewContent
  'mfe-backoffice/src/features/corrections/api/corrections-api.ts': ['exports'], // getCustomer
  'mfe-backoffice/src/features/dashboard/api/get-dashboard.ts': ['exports'], // getDashboard
  'mfe-backoffice/src/features/operators/api/operators-api.ts': ['exports'], // listOperators
  'mfe-backoffice/src/features/queues/api/get-queue-counts.ts': ['exports'], // getQueueCounts
  'mfe-backoffice/src/features/releases/api/releases-api.ts': ['exports'], // getReleaseStatus, getReleaseHistory
  'mfe-backoffice/src/features/support/api/support-api.ts': ['exports'], // SUPPORT_POLL_MS, listTickets, getTicket
  'mfe-backoffice/src/features/users/api/users-api.ts': ['exports'], // searchUsers, getUser, getUserTransfers
  'mfe-backoffice/src/shared/review-kit/api/reviews-api.ts': ['exports'], // QUEUE_POLL_MS, listReviews, getReview
  // Used nowhere: delete.
  'api/src/plugins/idempotency.ts': ['exports'], // countIdempotencyKeys
  'mfe-backoffice/src/features/settings/api/settings-api.ts': ['exports', 'types'], // ProductsResult; listSettings, listProducts only in-file
};

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
      // Its icons folder and manifest are resolved with createRequire (src/market/catalogue/catalogue.ts).
      ignoreDependencies: ['cryptocurrency-icons'],
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
    ...pendingInOtherFiles,
    // Named aliases on purpose, not duplicates: who may call (ANY_OPERATOR) and an answer's shape (openTicketResult).
    'shared/contracts/src/operators.ts': ['duplicates'],
    'shared/contracts/src/support.ts': ['duplicates'],
  },
};

export default config;
