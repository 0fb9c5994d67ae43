/**
 * The build tools and React of the baseline, resolved from the repo's own copies: webpack, Module Federation,
 * html-webpack-plugin and esbuild-loader from `shared/build` (the versions every Meridian part builds with), React
 * 19 from the shell. Nothing here is installed for the baseline alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type WebpackModule from '../../shared/build/node_modules/webpack/types.d.ts';
import type { Configuration } from '../../shared/build/node_modules/webpack/types.d.ts';
import type { ModuleFederationPlugin as FederationPlugin } from '../../shared/build/node_modules/@module-federation/enhanced/dist/src/webpack.d.ts';
import type HtmlPlugin from '../../shared/build/node_modules/html-webpack-plugin/typings.d.ts';

export type { Configuration };

export const repoRoot = join(import.meta.dirname, '..', '..');
export const baselineDir = import.meta.dirname;

const buildRequire = createRequire(join(repoRoot, 'shared', 'build', 'package.json'));
const shellRequire = createRequire(join(repoRoot, 'shell', 'package.json'));

export const webpack = buildRequire('webpack') as typeof WebpackModule;
export const { ModuleFederationPlugin } = buildRequire('@module-federation/enhanced/webpack') as {
  ModuleFederationPlugin: typeof FederationPlugin;
};
export const HtmlWebpackPlugin = buildRequire('html-webpack-plugin') as typeof HtmlPlugin;
const esbuildLoader = buildRequire.resolve('esbuild-loader');

/** Where webpack looks for `react`/`react-dom` (the shell's), then for the federation runtime (shared/build's). */
const resolveModules = ['node_modules', join(repoRoot, 'shell', 'node_modules'), join(repoRoot, 'shared', 'build', 'node_modules')];

const shellPkg = JSON.parse(readFileSync(join(repoRoot, 'shell', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const installedVersion = (pkg: string) =>
  (JSON.parse(readFileSync(shellRequire.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;

/** Shared as Meridian shares them (`shared/build/src/shared-deps.ts`): singletons, the range the shell declares. */
const sharedReact = Object.fromEntries(
  ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'].map((request) => {
    const pkg = request.split('/')[0]!;
    return [request, { singleton: true, requiredVersion: shellPkg.dependencies[pkg] ?? `^${installedVersion(pkg)}` }];
  }),
);

/** The production settings of `shared/build/src/webpack-config.ts`, without Meridian's pages, CSS and cache. */
export function baseConfig(dir: string, name: string): Configuration {
  return {
    mode: 'production',
    context: dir,
    target: 'web',
    devtool: false,
    output: {
      chunkLoadTimeout: 120_000,
      path: join(dir, 'dist'),
      publicPath: 'auto',
      filename: (pathData) =>
        (pathData.chunk as { contentHash?: Record<string, string> } | undefined)?.contentHash?.javascript
          ? '[name].[contenthash:8].js'
          : '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
      crossOriginLoading: 'anonymous',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      modules: resolveModules,
    },
    resolveLoader: { modules: resolveModules },
    module: {
      rules: [{ test: /\.[cm]?tsx?$/, loader: esbuildLoader, options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' } }],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/** The federation options both sides share with Meridian's parts. */
export function federationOptions(name: string) {
  return {
    name,
    filename: 'remoteEntry.js',
    shared: sharedReact,
    shareStrategy: 'loaded-first' as const,
    manifest: false,
    dts: false,
    experiments: { optimization: { disableSnapshot: true, target: 'web' as const } },
  };
}
