import { dirname, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tsImport } from 'tsx/esm/api';

// The one list of parts (shared/contracts/src/remotes.ts), read through tsx since Node 20 does not load .ts.
const { RELEASABLE_PARTS } = await tsImport('./shared/contracts/src/remotes.ts', import.meta.url);
const PARTS = [...RELEASABLE_PARTS, 'api', 'deploy'];

/**
 * Boundary rule (ARCHITECTURE: "nothing imports another part's src/"): a part reaches another only
 * through a package's public entry (`@meridian/x`), never through a path into its sources.
 */
const boundaryFor = (part, files = [`${part}/**/*.{ts,tsx}`], zone = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...zone,
          { group: ['@meridian/*/src', '@meridian/*/src/**'], message: 'Import the package entry (@meridian/x), not its sources.' },
          ...PARTS.filter((p) => p !== part).map((p) => ({
            group: [`**/${p}/src`, `**/${p}/src/**`, `${p}/src/**`],
            message: `${part} may not import ${p}'s sources: parts meet through shared packages, remote entries, the API and the live connection.`,
          })),
          ...PARTS.filter((p) => p !== part && p.startsWith('mfe-')).map((p) => ({
            group: [p, `${p}/**`],
            message: `${part} may not import the remote ${p}: load it through Module Federation.`,
          })),
        ],
      },
    ],
  },
});

/** What a route file may not import: queries belong to the domain folders (api/src/<domain>/). */
const ROUTE_ZONE = [
  {
    group: ['drizzle-orm', 'drizzle-orm/**', '**/db/schema', '**/db/schema.ts', '**/db/schema/**'],
    message: "Routes are thin: query through the domain's service or repository (api/src/<domain>/), not Drizzle or db/schema.",
  },
];

/**
 * Boundary rule inside a remote (ARCHITECTURE: "features do not import each other"): imports flow
 * shared → features → app. A file in `mfe-<remote>/src/features/<feature>/` may not reach another feature or
 * `src/app/`, and `src/shared/` reaches neither; what two features use moves to `src/shared/` or `@meridian/ui`.
 * Relative specifiers are resolved against the importing file, so `../x`, `../../features/x` and
 * `../../../app/x` are judged by where they land, whatever the depth of the importing file.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: "Feature '{{from}}' may not import feature '{{to}}': move what both use to src/shared/ or @meridian/ui.",
      app: "Feature '{{from}}' may not import src/app/: the app composes features; move what both use to src/shared/.",
      sharedUp: 'src/shared/ may not import src/{{to}}: imports flow shared → features → app.',
    },
    schema: [],
  },
  create(context) {
    const where = (file) => {
      const m = /^(.*\/mfe-[^/]+\/src)\/(features\/([^/]+)|app|shared)(\/|$)/.exec(file.split(sep).join('/'));
      if (!m) return null;
      return { src: m[1], area: m[2].startsWith('features/') ? 'features' : m[2], feature: m[3] ?? null };
    };
    const self = where(context.filename);
    if (!self || self.area === 'app') return {};
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source?.startsWith('.')) return;
      const target = where(resolve(dirname(context.filename), source));
      if (!target || target.src !== self.src) return;
      if (self.area === 'shared') {
        if (target.area !== 'shared') context.report({ node, messageId: 'sharedUp', data: { to: target.area } });
      } else if (target.area === 'app') {
        context.report({ node, messageId: 'app', data: { from: self.feature } });
      } else if (target.area === 'features' && target.feature !== self.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: self.feature, to: target.feature } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * Money rule (SPEC §3: "store money as exact decimals, never floats"): in every source file a decimal
 * string becomes a `Money` (`money()` from @meridian/contracts), never a JavaScript number. Reports
 * `Number(x)`, `parseFloat(x)`, `parseInt(x)`, `Number.parseFloat(x)`, `Number.parseInt(x)`, those
 * functions passed as callbacks (`.map(Number)`) and unary `+x`.
 */
const FLOAT_CONVERSIONS = new Set(['Number', 'parseFloat', 'parseInt']);
const noFloatMoney = {
  meta: {
    type: 'problem',
    messages: {
      call: '{{name}}() turns money into a float: use money() from @meridian/contracts and keep it a decimal.',
      callback: '{{name}} as a callback turns money into floats: map with money() from @meridian/contracts.',
      unaryPlus: 'Unary + turns money into a float: use money() from @meridian/contracts and keep it a decimal.',
    },
    schema: [],
  },
  create(context) {
    /** `Number`, `parseFloat`, `parseInt`, `Number.parseFloat` or `Number.parseInt`, else null. */
    const conversion = (node) => {
      if (node.type === 'Identifier' && FLOAT_CONVERSIONS.has(node.name)) return node.name;
      if (
        node.type === 'MemberExpression' &&
        !node.computed &&
        node.object.type === 'Identifier' &&
        node.object.name === 'Number' &&
        node.property.type === 'Identifier' &&
        (node.property.name === 'parseFloat' || node.property.name === 'parseInt')
      ) {
        return `Number.${node.property.name}`;
      }
      return null;
    };
    const check = (node) => {
      const name = conversion(node.callee);
      if (name) context.report({ node, messageId: 'call', data: { name } });
      for (const arg of node.arguments) {
        const passed = conversion(arg);
        if (passed) context.report({ node: arg, messageId: 'callback', data: { name: passed } });
      }
    };
    return {
      CallExpression: check,
      NewExpression: check,
      UnaryExpression: (node) => {
        if (node.operator === '+') context.report({ node, messageId: 'unaryPlus' });
      },
    };
  },
};

/**
 * The money rule covers every source folder by default: the API's `src`, every remote's and the shell's
 * `src`, and every shared package's `src` — a new folder is covered the day it is made.
 */
const MONEY_RULE_FILES = ['api/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared/*/src/**/*.{ts,tsx}'];

/**
 * Named exceptions: files where a number read from text is not money, each with its reason. Whole numbers
 * (ids, pages, type codes) go through `wholeNumber()` from @meridian/contracts instead of an exception.
 */
export const NOT_MONEY = {
  'shared/contracts/src/whole-number.ts': 'the one parser of whole numbers (ids, pages, codes); it refuses fractions',
  'shared/ui/src/charts/chart-number.ts': 'a price becomes a canvas coordinate for drawing, never for sums',
  'api/src/accounts/limits.ts': 'IPv6 groups are hexadecimal, read to build the /64 prefix a limit counts by',
  'api/src/uploads/jp2-rebuild.ts': 'JPEG 2000 box lengths are binary sizes in bytes',
  'api/src/market/price-points.ts': 'epoch milliseconds and the feed lease fencing token read back from bigint columns',
  'mfe-account/src/wallet/sign-in-with-ethereum.ts': 'an EIP-155 chain id from the wallet, hexadecimal or decimal',
  'mfe-backoffice/src/shared/review-kit/paths.ts': 'a page number from the address, clamped to 1…10 000',
  'mfe-backoffice/src/features/audit/components/audit-page.tsx': 'a page number from the address, clamped to 1…10 000',
  'mfe-backoffice/src/features/queues/components/review-page.tsx': 'a review id from the address, checked as digits first',
  'mfe-backoffice/src/features/content/components/content-editor.tsx': "a content page's type code (1–4) from a select",
  'mfe-backoffice/src/features/settings/components/setting-value.ts': 'a number of days, formatted as a duration',
  'mfe-backoffice/src/features/releases/components/release-dialogs.tsx': "a canary's traffic weight in percent, checked by its schema",
  'mfe-help/src/features/content/components/content-page.tsx': 'a content id from the address',
  'mfe-help/src/features/notices/components/notices-page.tsx': 'a notice id from the address',
};

/** Allowance calls are forbidden on the front end (SPEC §0 rule 10); the integrity test also scans bundles. */
const NO_ALLOWANCES = {
  selector: 'Identifier[name=/^(approve|increaseAllowance|setApprovalForAll|permit)$/]',
  message: 'Token allowance calls are forbidden (SPEC §0 rule 1).',
};
const LITERAL_QUERY_KEY = {
  selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression',
  message: "Take the key from the remote's key factory (e.g. src/shared/query-keys.ts), not a literal array.",
};

/** One plugin object: flat config refuses a plugin name defined twice with different objects. */
const meridian = { rules: { 'feature-boundaries': featureBoundaries, 'no-float-money': noFloatMoney } };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_ALLOWANCES],
    },
  },
  // Query keys come from the remote's key factory (ARCHITECTURE: "query keys typed as literals" are to avoid),
  // so an invalidation always names what a query was stored under. Tests may write keys out.
  {
    files: ['mfe-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_ALLOWANCES, LITERAL_QUERY_KEY] },
  },
  ...PARTS.map((part) => boundaryFor(part)),
  // The API's route zone (ARCHITECTURE: "routes are thin: parse, authorize, call, answer"): a route file
  // reaches the database only through its domain's service or repository. It keeps the API's boundary
  // patterns too, since a later `no-restricted-imports` replaces an earlier one for the same file.
  boundaryFor('api', ['api/src/routes/**/*.{ts,tsx}'], ROUTE_ZONE),
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { meridian },
    rules: { 'meridian/feature-boundaries': 'error' },
  },
  {
    files: MONEY_RULE_FILES,
    ignores: Object.keys(NOT_MONEY),
    plugins: { meridian },
    rules: { 'meridian/no-float-money': 'error' },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: PARTS.flatMap((p) => [`**/${p}/src`, `**/${p}/src/**`, `@meridian/${p}`, ...(p.startsWith('mfe-') ? [p] : [])]),
              message: 'shared packages never import a part.',
            },
          ],
        },
      ],
    },
  },
);
