import { createRequire } from 'node:module';
import { join } from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';

const require = createRequire(import.meta.url);
const loader = (name: string) => require.resolve(name);

/** How every part resolves its TypeScript sources (the first-paint prerender too). */
export const RESOLVE: NonNullable<Configuration['resolve']> = {
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * The loaders of a part's build: TypeScript through esbuild, CSS extracted to files, CSS-module class
 * names prefixed with the container name. The first-paint prerender uses the same, so the markup it
 * writes carries the class names the part's own files define.
 */
export function moduleRules(name: string): NonNullable<NonNullable<Configuration['module']>['rules']> {
  return [
    {
      test: /\.[cm]?tsx?$/,
      loader: loader('esbuild-loader'),
      options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
    },
    {
      test: /\.module\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: loader('css-loader'),
          options: {
            modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: `${name}__[local]__[hash:base64:5]` },
          },
        },
      ],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, loader('css-loader')] },
    { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
  ];
}

/** The build's own sources: a change to any of them starts a part's build caches afresh. */
const BUILD_SOURCES = ['webpack-config.ts', 'rules.ts', 'shared-deps.ts', 'first-paint-plugin.ts'].map((file) =>
  join(import.meta.dirname, file),
);

/**
 * What every build of a part says and keeps (the first-paint prerender too): only errors and warnings, and a
 * filesystem cache in `cacheDirectory` that starts afresh when `version` or any of the build's own sources changes.
 */
export function quietCachedBuild(
  cacheDirectory: string,
  version: string,
): Pick<Configuration, 'stats' | 'infrastructureLogging' | 'cache'> {
  return {
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
    cache: { type: 'filesystem', cacheDirectory, buildDependencies: { config: BUILD_SOURCES }, version },
  };
}
