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
    plugins: { meridian: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'meridian/feature-boundaries': 'error' },
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
