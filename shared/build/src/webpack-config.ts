import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import { FirstPaintPlugin } from './first-paint-plugin.ts';
import { RESOLVE, moduleRules, quietCachedBuild } from './rules.ts';
import { sharedConfig } from './shared-deps.ts';

export interface PartOptions {
  /** Absolute directory of the part (its package.json lives there). */
  dir: string;
  /** Module Federation container name, a JS identifier: `shell`, `mfe_markets`… */
  name: string;
  kind: 'host' | 'remote';
  /** Remote exposes map, e.g. `{ './app': './src/remote-entry.ts' }`. */
  exposes?: Record<string, string>;
  /** Host only: runtime plugins for the federation instance. */
  runtimePlugins?: string[];
  /** Extra stand-alone HTML pages: name → entry file (for example mfe-help's `kf.html`). */
  pages?: Record<string, string>;
  /**
   * A module whose `prerender()` returns the markup of the part's first screens per language: the build
   * writes them as `first-paint.<language>.json` for the shell's first paint (see `FirstPaintPlugin`).
   */
  firstPaint?: string;
}

/** webpack 5 + Module Federation config shared by the shell and every remote. */
export function createWebpackConfig(options: PartOptions): Configuration {
  const { dir, name, kind } = options;
  const isHost = kind === 'host';
  const pages = options.pages ?? {};
  const entry: Record<string, string> = {};
  if (isHost) entry.main = './src/main.ts';
  for (const [page, file] of Object.entries(pages)) entry[page] = file;

  const htmlPlugins = [] as HtmlWebpackPlugin[];
  if (isHost) {
    htmlPlugins.push(
      new HtmlWebpackPlugin({
        template: join(dir, 'src/index.html'),
        chunks: ['main'],
        scriptLoading: 'defer',
        // Relative: the site server adds <base href="/artifacts/shell/<version>/">.
        publicPath: '',
        minify: { collapseWhitespace: true, removeComments: true },
      }),
    );
  }
  for (const page of Object.keys(pages)) {
    const template = join(dir, `src/${page}.html`);
    htmlPlugins.push(
      new HtmlWebpackPlugin({
        filename: `${page}.html`,
        chunks: [page],
        scriptLoading: 'defer',
        publicPath: '',
        ...(existsSync(template) ? { template } : {}),
      }),
    );
  }

  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };

  return {
    mode: 'production',
    context: dir,
    entry,
    target: 'web',
    devtool: false,
    output: {
      chunkLoadTimeout: 120_000,
      path: join(dir, 'dist'),
      // Every build is served from its versioned artifact folder; chunks resolve from the entry's URL.
      publicPath: 'auto',
      // The federation runtime asks for a file name outside any chunk, where [contenthash] is undefined.
      filename: (pathData) =>
        (pathData.chunk as { contentHash?: Record<string, string> } | undefined)?.contentHash?.javascript
          ? '[name].[contenthash:8].js'
          : '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
      crossOriginLoading: 'anonymous',
    },
    resolve: RESOLVE,
    module: { rules: moduleRules(name) },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: options.exposes ?? {},
        shared: sharedConfig(dir),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: true,
        dts: false,
        // Remotes are loaded by their remoteEntry.js, never through a manifest at run time, so the
        // runtime's manifest snapshot code is left out of every entry.
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
      // CSS goes to cached .css files beside each chunk (the entry's is a <link> in the page's head), not
      // into <style> tags written by JS after the script has run. The order inside a chunk is the import
      // order; across chunks it is the load order, as it was with injected styles.
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css', ignoreOrder: true }),
      // A plugin, not `optimization.minimizer`, so webpack's own JS minimizer keeps its defaults.
      new CssMinimizerPlugin(),
      ...htmlPlugins,
      ...(options.firstPaint ? [new FirstPaintPlugin({ dir, name, entry: options.firstPaint })] : []),
    ],
    ...quietCachedBuild(join(dir, 'node_modules/.cache/webpack'), pkg.version),
  };
}
