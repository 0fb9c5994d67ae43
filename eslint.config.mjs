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
