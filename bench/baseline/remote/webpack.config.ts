/** The baseline's one remote: a federation container exposing `./app` (a React 19 component), nothing else. */
import type { Configuration } from '../deps.ts';
import { baseConfig, federationOptions, ModuleFederationPlugin } from '../deps.ts';

export const REMOTE_NAME = 'baseline_remote';

export function remoteConfig(): Configuration {
  return {
    ...baseConfig(import.meta.dirname, REMOTE_NAME),
    entry: {},
    plugins: [new ModuleFederationPlugin({ ...federationOptions(REMOTE_NAME), exposes: { './app': './src/app.ts' } })],
  };
}
