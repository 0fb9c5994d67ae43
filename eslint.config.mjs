import { dirname, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const PARTS = [
  'shell',
  'mfe-markets',
  'mfe-trading',
  'mfe-loans',
  'mfe-nfts',
  'mfe-account',
  'mfe-help',
  'mfe-backoffice',
  'api',
  'deploy',
];

/**
 * Boundary rule (ARCHITECTURE: "nothing imports another part's src/"): a part reaches another only
 * through a package's public entry (`@meridian/x`), never through a path into its sources.
 */
const boundaryFor = (part) => ({
  files: [`${part}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
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
 * Money rule (SPEC §3: "store money as exact decimals, never floats"): in the money paths a decimal
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

/** The files that compute, store or show money: balances, ledger, orders and their panels. */
const MONEY_PATHS = [
  'api/src/ledger/**/*.{ts,tsx}',
  'api/src/trading/**/*.{ts,tsx}',
  'shared/contracts/src/money.ts',
  'shared/contracts/src/trading*.ts',
  'mfe-markets/src/features/trade*/**/*.{ts,tsx}',
  'mfe-markets/src/features/orders*/**/*.{ts,tsx}',
  'mfe-account/src/features/profile/**/*.{ts,tsx}',
];

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
      // Allowance calls are forbidden on the front end (SPEC §0 rule 10); the integrity test also scans bundles.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Identifier[name=/^(approve|increaseAllowance|setApprovalForAll|permit)$/]',
          message: 'Token allowance calls are forbidden (SPEC §0 rule 1).',
        },
      ],
    },
  },
  ...PARTS.map(boundaryFor),
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { meridian },
    rules: { 'meridian/feature-boundaries': 'error' },
  },
  {
    files: MONEY_PATHS,
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
