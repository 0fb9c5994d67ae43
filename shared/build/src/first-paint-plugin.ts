import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import type { Compiler, Configuration } from 'webpack';
import { firstPaintFile } from '@meridian/contracts';
import type { FirstPaintDocument } from '@meridian/contracts';
import { RESOLVE, moduleRules, quietCachedBuild } from './rules.ts';

const require = createRequire(import.meta.url);
const PLUGIN = 'MeridianFirstPaint';

export interface FirstPaintOptions {
  /** The part's directory (the compilation's context, as in its browser build). */
  dir: string;
  /** The container name: CSS-module class names start with it, as in the browser build. */
  name: string;
  /** The module exporting `prerender(): Promise<Record<language, Record<path, markup>>>`. */
  entry: string;
}

type Prerender = () => Promise<Record<string, Record<string, string>>>;

/** Builds `config`; resolves with the files the build read (for the part's build to watch). */
function compile(config: Configuration): Promise<Iterable<string>> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('BUILD-004: the first-paint prerender did not build'));
      if (stats.hasErrors()) {
        return reject(new Error(`BUILD-004: the first-paint prerender did not build\n${stats.toString({ all: false, errors: true })}`));
      }
      resolve(stats.compilation.fileDependencies);
    });
  });
}

/**
 * Renders the part's first screens at build time and writes them beside its entry, one
 * `first-paint.<language>.json` each (`FirstPaintDocument`). The screens' module is built for Node with
 * the part's own loaders (so its markup has the class names the part's CSS defines, and its styles
 * come with it), run, and its output added to the browser build's assets: published, versioned and
 * rolled out with the rest of the part.
 */
export class FirstPaintPlugin {
  constructor(private readonly options: FirstPaintOptions) {}

  private async render(): Promise<{ documents: Record<string, FirstPaintDocument>; read: Iterable<string> }> {
    const { dir, name, entry } = this.options;
    const out = join(dir, 'node_modules/.cache/first-paint');
    const read = await compile({
      mode: 'production',
      context: dir,
      target: 'node',
      entry: { prerender: entry },
      output: { path: out, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
      resolve: RESOLVE,
      module: { rules: moduleRules(name) },
      devtool: false,
      // One file to run; the code is never shipped, so it is not minified (its CSS is).
      optimization: { minimize: false },
      plugins: [
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new MiniCssExtractPlugin({ filename: '[name].css' }),
        new CssMinimizerPlugin(),
      ],
      ...quietCachedBuild(join(dir, 'node_modules/.cache/webpack-first-paint'), `${name}:${entry}`),
    });
    const bundle = join(out, 'prerender.cjs');
    delete require.cache[bundle];
    const { prerender } = require(bundle) as { prerender: Prerender };
    // Screens without any CSS module have no styles of their own.
    const cssFile = join(out, 'prerender.css');
    const css = existsSync(cssFile) ? readFileSync(cssFile, 'utf8') : '';
    const documents: Record<string, FirstPaintDocument> = {};
    for (const [language, screens] of Object.entries(await prerender())) documents[language] = { css, screens };
    return { documents, read };
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        // The prerender module is not part of the browser build's graph: watched, so that fixing it rebuilds.
        compilation.fileDependencies.add(join(this.options.dir, this.options.entry));
        try {
          const { documents, read } = await this.render();
          for (const [language, document] of Object.entries(documents)) {
            compilation.emitAsset(firstPaintFile(language), new compiler.webpack.sources.RawSource(JSON.stringify(document)));
          }
          // A change to a screen's sources rebuilds the part in watch mode.
          compilation.fileDependencies.addAll(read);
        } catch (error) {
          // A build error of the part (the build fails; watch mode reports it and keeps watching).
          compilation.errors.push(new compiler.webpack.WebpackError(error instanceof Error ? error.message : String(error)));
        }
      });
    });
  }
}
