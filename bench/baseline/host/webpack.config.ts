/**
 * The baseline's host: `index.html` (deferred `main.js`), `main.ts` → `import('./bootstrap')`, and the remote
 * known at build time by its `remoteEntry.js` URL (no rollout, no runtime plugins, no preloading).
 */
import { join } from 'node:path';
import type { Configuration } from '../deps.ts';
import { baseConfig, federationOptions, HtmlWebpackPlugin, ModuleFederationPlugin } from '../deps.ts';
import { REMOTE_NAME } from '../remote/webpack.config.ts';

/** Where `bench/baseline/serve.ts` serves the remote's dist. */
const REMOTE_ENTRY_URL = '/artifacts/remote/remoteEntry.js';

export function hostConfig(remoteEntryUrl = REMOTE_ENTRY_URL): Configuration {
  const dir = import.meta.dirname;
  return {
    ...baseConfig(dir, 'baseline_host'),
    entry: { main: './src/main.ts' },
    plugins: [
      new ModuleFederationPlugin({ ...federationOptions('baseline_host'), remotes: { [REMOTE_NAME]: `${REMOTE_NAME}@${remoteEntryUrl}` } }),
      new HtmlWebpackPlugin({
        template: join(dir, 'src/index.html'),
        chunks: ['main'],
        scriptLoading: 'defer',
        // Relative, as the shell's: the server adds <base href="/artifacts/host/">.
        publicPath: '',
        minify: { collapseWhitespace: true, removeComments: true },
      }),
    ],
  };
}
